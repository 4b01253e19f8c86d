unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 741236a1daa352246429ecb7a7505f3c7046f14f b53bea19f7be57a62539735de07604767a4e390c'
