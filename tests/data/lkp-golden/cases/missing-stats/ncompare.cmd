unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 839538ed31d82530c917f69946c8a6da55524d28 f1010c491f6fce1d3015feb1f2eb1cbaa8af8aba'
