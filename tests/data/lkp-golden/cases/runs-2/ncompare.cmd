unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare c387a003592ffe14ea7e1d94044ce43689633200 0200d9b339ebd7f5808cdd5dea2ca9e4afb356bf'
