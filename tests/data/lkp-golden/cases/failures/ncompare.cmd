unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare d0ddaa3f6cf8c92baae5e372970a8275b617e8fc 9d42f8a10e7bac07ef610bb961758846f00feadb'
