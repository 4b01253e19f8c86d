unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare b014d025df4606ed20aec547eb57ed9c02b42d6e d72c33d948a53f2a05850a9fef921aca1158d441'
