unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 3cb7e5535715bf981a606f44085d8ccd4c772194 837a7eabfb09f79d8efde4e620b73ac85a4cc781'
