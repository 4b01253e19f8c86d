unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 734ea9d4f66e2f341da9fb212cea05e5a3ba9793 d829cd7b958a2de6138b9e339a21ec39113be95f'
