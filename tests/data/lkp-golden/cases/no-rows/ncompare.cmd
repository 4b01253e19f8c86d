unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 5832782550c9440c67bfda6934c7bed227fa2d79 555034796d6bee0a5be1f3454862feec38b2d0bb'
