#!/bin/sh
# story004-on-series.sh - seed 004's report (tests/data/stories) moved
# onto a generated series (make-series-repo.sh, gen-results.py): its
# commit becomes patch 07, its parent patch 06, its base the series'
# base, its axes those of the generated results. Used by the end-to-end
# test and the web test.
#
#   story004-on-series.sh REPORT.eml BASE P06 P07 >OUT.eml
base=$2 p06=$3 p07=$4
sed -e "s/237b4454014d3759acc6459eb329c5e3d55113ed/$p07/g" \
    -e "s/237b4454014d3759acc6459eb32/$(echo "$p07" | cut -c1-27)/g" \
    -e "s/c479426e09c8088d/$(echo "$p06" | cut -c1-16)/g" \
    -e "s/237b445401/$(echo "$p07" | cut -c1-10)/g" \
    -e "s/c479426e09/$(echo "$p06" | cut -c1-10)/g" \
    -e "s/ee28855a54493ce83bc2a3fbe30210be61b57bc7/$base/g" \
    -e "s#Hugh-Dickins/mm-munlock-rework-of-mlock-munlock-page-handling/20220215-104421#Jane-Doe/mm-remap-steps/20240102-030405#" \
    -e "s#^class/compiler/cpufreq_governor/kconfig/nr_threads/rootfs/tbox_group/test/testcase/testtime/ucode:#class/compiler/kconfig/nr_threads/rootfs/tbox_group/test/testcase/testtime:#" \
    -e "s#^  memory/gcc-9/performance/x86_64-rhel-8.3/100%/debian-10.4-x86_64-20200603.cgz/lkp-icl-2sp6/remap/stress-ng/60s/0xd000280#  memory/gcc-12/x86_64-rhel-9.4/100%/debian-12-x86_64-20240206.cgz/lkp-icl-2sp8/remap/stress-ng/60s#" \
    "$1"
