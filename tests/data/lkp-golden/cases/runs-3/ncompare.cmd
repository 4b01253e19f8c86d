unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 4082dc52c7f9ca43ae3f8caeeb62d898d5cf9c95 40c4efb4e0562dd9169479f71a1fbb4d4594e04e'
