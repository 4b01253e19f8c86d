unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare cd5e2f7678145c973248f7bdf5d50b0f9b21ea76 504b14ae08f18f4df97d554f38e2ffc5476a2817'
