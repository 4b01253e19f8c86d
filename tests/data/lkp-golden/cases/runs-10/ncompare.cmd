unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 9dc67a4cc600c7d6f147d8f8b630c25ce248d32b 69258d8a03b76f4491241ddba6050a16b38d584d'
