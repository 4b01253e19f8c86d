unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare a4b91f14be8b2a01d4baadc389e0817d9d1f63d2 f6376798e12f4405b7c8866ae07b8c7a6e19d013'
