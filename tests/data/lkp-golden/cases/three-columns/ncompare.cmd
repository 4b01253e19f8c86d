unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare fb60e2ba21f9ee98ad87c772a08a2da8b3da2ba3 e9eff5d0c41414e9f53ced6462e80fef68d8d7a8 54f1235b1357a19c2c2cbf3d14ae646567366868'
