unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare efde92f2c76b61e6a6ea6990102e0b081d9b977a 80d2a2a25210a5335ee9207bacb41192f72a927c'
