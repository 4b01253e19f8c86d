unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 6426014f67d7f162663649de9ee6648b24737535 b93e263c22a6954540cdd1b337d13006c3ac028c'
