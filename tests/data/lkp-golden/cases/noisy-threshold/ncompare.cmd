unshare -m sh -c 'mount --bind TREE /lkp && exec $LKP_SRC/bin/lkp ncompare 2d3cbba8adfcdc9cba0f929cfe358ac49c724a70 d22849665f8b7b9afa94a88699519ddd14fb3405'
