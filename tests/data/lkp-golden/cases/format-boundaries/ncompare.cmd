unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 115af885f592d0906232b9ef88e6253dd2fcd936 1fc18416891c9be9fb8df08593f836a8c732d2f2'
