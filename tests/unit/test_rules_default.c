/* test_rules_default.c - the installed rules/default.rules on the seed
 * stories, real corpus replies and LKP-style retest replies. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/settings.h"
#include "bot/triage/rules.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "parsers/conf.h"
#include "parsers/reply.h"
#include "tests/unit/check_main.h"

static struct rules *rs;
static struct config *cfg;
static struct settings set;

static void
setup(void)
{
	char path[1024];
	char *err = NULL;

	snprintf(path, sizeof(path), "%s/../../rules/default.rules",
		 lkb_test_data_dir());
	ck_assert_msg(rules_load_file(path, &rs, &err) == LKB_OK, "%s", err);
	/* the LKP team is [bot] lkp_team, here its default */
	cfg = config_new();
	config_set(cfg, "bot", "maintainers", "maint@example.org");
	ck_assert_int_eq(settings_load(&set, cfg), LKB_OK);
	rules_set_people(rs, &set);
}

static void
teardown(void)
{
	rules_free(rs);
	rs = NULL;
	config_free(cfg);
	cfg = NULL;
}

static char *
load(const char *name, size_t *len_out)
{
	char path[1024];
	FILE *f;
	long n;
	char *buf;

	snprintf(path, sizeof(path), "%s/reply/%s", lkb_test_data_dir(), name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len_out = (size_t)n;
	return buf;
}

/* LKP-style retest replies, written for these tests after the wording
 * of LKP retest mails (none is in the corpus). */
static const char retest_ok[] =
	"hi Dave,\n\n"
	"On Sat, May 07, 2022 at 07:29:24AM +1000, Dave Chinner wrote:\n"
	"> Can you try the patch below and see if that fixes the issue?\n\n"
	"we applied your patch upon 32678f1513 and the regression is "
	"recovered:\n\n"
	"    464232            -5.6%     438315            +0.2%     465190  "
	"      aim7.jobs-per-min\n\n"
	"Tested-by: kernel test robot <oliver.sang@intel.com>\n";
static const char retest_partial[] =
	"hi,\n\n> here is a fix\n\n"
	"we tested the fix, it only partially recovers the regression:\n"
	"-12.3% without it, -5.1% with it.\n";
static const char retest_little[] =
	"> please test the patch below\n\n"
	"we tested the patch, it has little impact on the regression.\n";
static const char retest_quoted[] =
	"On Mon, Oliver Sang wrote:\n"
	"> the regression is recovered\n"
	"> Tested-by: kernel test robot <oliver.sang@intel.com>\n\n"
	"Great, I'll queue it.\n";
static const char ask_retest[] =
	"> [...]\n\nCould you please retest with the attached patch?\n";
static const char ack_only[] = "> report\n\nThanks for the report!\n";
/* After the wording of replies in the tuning lists (bench/triage). */
static const char ack_will_fix[] =
	"> error: implicit declaration\n\nOops, will fix it in V2.\n";
static const char dispute_false_positive[] =
	"> warning: zone_blocks may be used uninitialized\n\n"
	"It is a false positive: zone_blocks is always initialized.\n";
static const char lkp_retracts[] =
	"> regression\n\nSorry for the false positive, we will resolve this "
	"problem soon.\n";
static const char more_data_setup[] =
	"> -20% fio.write_iops\n\nOliver, which I/O scheduler are you using?\n";
static const char fix_posted[] =
	"> error: 64-bit division\n\nI just sent a patch to remove the "
	"warning.\n";
/* the words of the tuning lists' replies the rules learned last */
static const char fix_sent_bare[] =
	"> error: 64-bit division\n\nJust sent out a fix.\n";
static const char fix_code_words[] =
	"> error: undefined reference\n\nI'll guard the above with #ifdef "
	"CONFIG_CLK_R9A07G054.\n";
static const char applied_ok_dropped[] =
	"> error: foo\n\nOK, dropped.\n";
static const char ack_noise_v2[] =
	"> warning: unused variable\n\nWoops, looks like I sent a botched "
	"patch. Sorry for the noise, will send a v2.\n";
static const char dispute_unrelated[] =
	"> BUG: stack overflow in f2fs_fill_super\n\nIt doesn't look at all "
	"related to my commit.\n";
static const char lkp_kindly_ignore[] =
	"> error: foo\n\nSorry for the broken report, kindly ignore this, we "
	"will fix this asap.\n";
static const char author_fixed_locally[] =
	"> error: foo\n\nI've fixed this locally.\n";
static const char fix_should_have[] =
	"> warning: comparison of distinct pointer types\n\n"
	"I should have used max_t() instead of max().\n";
/* a retest asked in other words (issue 34) */
static const char ask_tests_with[] =
	"> WARNING: at rxe_pool_cleanup\n\nHi, kernel test robot\n\nPlease "
	"help to make tests with the following commits.\n";
static const char ask_mostly_fixes[] =
	"> -40% will-it-scale.per_process_ops\n\nHere is a trial patch; see "
	"if this mostly fixes the regression.\n";
static const char ask_more_configs[] =
	"> -69% netperf.Throughput_Mbps\n\nCan you please try two more "
	"configurations? First batch 64, then 128.\n";
/* near-miss: a test promised to someone else, nothing asked */
static const char ask_tests_nearmiss[] =
	"> BUG: unable to handle page fault\n\nWe'll Cc you on the patches, "
	"in case you can test to see if it also fixes your issue.\n";
/* the change cannot do it, or the warning is one of many (issue 34) */
static const char dispute_cannot_affect[] =
	"> -12.3% fio.read_bw_MBps\n\nOnly the init path is touched: this "
	"patch can't affect the IO path.\n";
static const char dispute_many_instances[] =
	"> warning: arithmetic between different enumeration types\n\n"
	"I don't think we care, there are plenty of other instances like it in "
	"the kernel already.\n";
/* near-miss: instances counted, nothing dismissed */
static const char dispute_instances_nearmiss[] =
	"> warning: unused variable\n\nThere are three instances in this "
	"driver, I'll fix them all.\n";
/* a fix sent, in the perfect tense or with what it fixes (issue 34) */
static const char fix_sent_to_fix[] =
	"> warning: possible recursive locking\n\nThere is a mistake in the "
	"patch. I've just sent a v3 to fix\nthis problem.\n";
static const char fix_have_sent[] =
	"> error: implicit declaration\n\nWe've already posted a patch, "
	"thanks.\n";
static const char fix_going_to_prepare[] =
	"> warning: LED_OFF redefined\n\nI'm going to prepare a patch that "
	"renames these enums.\n";
static const char fix_by_adding[] =
	"> error: asm/iosf_mbi.h: No such file\n\nAh yes, an x86 header. We "
	"can easily fix this by adding a\n\"depends on X86\".\n";
static const char fix_found_and_sent[] =
	"> BUG: Bad page state\n\nI found the problem and sent a patch to the "
	"list.\n";
/* near-miss: the fix asked about, not proposed */
static const char fix_by_nearmiss[] =
	"> error: undefined reference to pci_iomap\n\nShould we fix this by "
	"adding a test for PCI here?\n";
/* near-miss: a new version sent, no fix in view */
static const char fix_sent_nearmiss[] =
	"> warning: unused variable\n\nI see, but I have already sent v4.\n";
/* the next version promised in more words (issue 34) */
static const char ack_next_would[] =
	"> error: implicit declaration of function\n\nThx, it's a bug from "
	"!SMP. I would fixup it in the next\nversion.\n";
static const char ack_next_wait_add[] =
	"> warning: unused variable\n\nSure, will wait for more comments and "
	"add this change in v2.\n";
/* near-miss: changes expected of the author, nothing promised */
static const char ack_next_nearmiss[] =
	"> warning: unused variable\n\nPlease review the other changes; I'm "
	"sure I'll be asked to change more things in v2.\n";
/* the fix offered, its form left to the maintainer (issue 34) */
static const char ack_offers_fix[] =
	"> error: 64-bit division\n\nRight, forgot about 32-bit. I can send "
	"a fixed v3 or an\nincremental patch, which do you prefer?\n";
static const char ack_offers_you_or_me[] =
	"> warning: unused variable\n\nWill you send a patch for this or do "
	"you want me to do it?\n";
/* near-miss: offering a new version for other reasons */
static const char ack_offers_nearmiss[] =
	"> warning: unused variable\n\nShould I send a v3 of the series "
	"before you start the rework?\n";
/* asking how to reproduce, or what is missing to (issue 34) */
static const char more_data_how_reproduce[] =
	"> error: unknown type name\n\nThe branch builds fine here. Does "
	"anyone know how to reproduce this\nerror?\n";
static const char more_data_reproduce_on[] =
	"> BUG: soft lockup\n\nThat is an old kernel. Does this reproduce on "
	"a current -rc?\n";
static const char more_data_any_info[] =
	"> warning: unused function\n\nIs there any more information on "
	"this?  I can't tell.\n";
static const char more_data_test_env[] =
	"> xfs/348 fails\n\nCould you export DIFF_LENGTH=0 in the test "
	"environment so that we get the full diff?\n";
static const char more_data_missed[] =
	"> error: foo.h not found\n\nI followed your config but cannot "
	"reproduce the\nbuild error. Did I miss anything else?\n";
/* near-miss: "how to reproduce" in a complaint asks nothing */
static const char more_data_nearmiss[] =
	"> warning: unused function\n\nThe report doesn't show how to "
	"reproduce the issue.\n";
/* fix-applied, retest-failed, data-provided and the tuning-list rules,
 * after the wording of replies on linux-block, io-uring, linux-btrfs and
 * linux-pm (bench/triage). */
static const char applied_b4[] =
	"On Sat, 15 Apr 2023 21:57:05 +0900, A Dev wrote:\n"
	"> This fixes a build error\n\n"
	"Applied, thanks!\n\n"
	"[1/1] fault-inject: fix build error\n"
	"      commit: 5347c9321845e5a94be19ea951746d4f2b8b194f\n\n"
	"Best regards,\n-- \nJens Axboe\n";
static const char applied_pwbot[] =
	"Hello:\n\nThis patch was applied to netdev/net.git (main)\n"
	"by Jakub Kicinski <kuba@kernel.org>:\n\n"
	"Here is the summary with links:\n"
	"  - [net] foo: fix bar\n"
	"    https://git.kernel.org/netdev/net/c/0a1b2c3d4e5f\n";
static const char applied_tree[] =
	"On 12/01/2023 21:08, kernel test robot wrote:\n> error: foo\n\n"
	"Thanks, queued to power-supply's -next branch.\n";
static const char applied_dropped[] =
	"On 2/15/21 6:27 AM, kernel test robot wrote:\n> WARNING\n\n"
	"This patch has been dropped, btrfs needs more work.\n";
static const char applied_question[] =
	"> error: foo\n\nHas this been applied to the for-next branch?\n";
static const char applied_missing_fixed[] =
	"> error: foo\n\nMissing #include \"orphan.h\" in orphan.c, fixed.\n";
static const char lkp_apply_failed[] =
	"hi,\n\n> please test the patch below\n\n"
	"I failed to apply patch in your previous reply to 1122c0c1cc or "
	"current tip.\n";
static const char lkp_attached[] =
	"hi, Jens Axboe,\n\n> can you send the dmesg?\n\n"
	"I attached a dmesg and 2 outputs while running tests on 574e7779cf.\n";
static const char dispute_wrong_base[] =
	"> error: implicit declaration\n\n"
	"This is applied without the previous preparation patches.\n";
static const char fix_include[] =
	"> error: implicit declaration of function 'kmalloc'\n\n"
	"Looks like #include <linux/security.h> is missing in super.c\n";
static const char fix_instead[] =
	"> warning: unused result\n\n"
	"I'll use blk_trace_shutdown() instead to avoid this warning.\n";
static const char ack_reported_by[] =
	"> error: foo\n\nThanks for this report, I'll add the Reported-by "
	"in V3 patch.\n";
static const char not_expected[] =
	"> -20% regression\n\nThis is not expected, I'll take a look.\n";
/* Session 19's rules, after the wording of the tuning lists. */
static const char ack_sent_v2[] =
	"> error: foo\n\nIt is do a problem, I will sent v2.\n";
static const char fix_fixed_by_link[] =
	"> warning: bar\n\nShould be fixed by "
	"https://lore.kernel.org/lkml/20200618065453.12140-1-x@example.org/\n";
static const char fix_depend_on[] =
	"> error: implicit declaration of function 'of_irq_get'\n\n"
	"The driver should depend on OF_IRQ.\n";
static const char dispute_safely_ignored[] =
	"> warning: no previous prototype\n\n"
	"I think this warning can be safely ignored.\n";
static const char dispute_by_design_prose[] =
	"> regression\n\nThe operation is by design restricted to a partial "
	"range of the EOF folio.\n";
static const char ack_fixed_in_v3[] =
	"> error: foo\n\nAh, I should compile-test that part as well. Will be "
	"fixed in v3.\n";
static const char fix_need_removed[] =
	"> error: redefinition of 'pci_iounmap'\n\n"
	"EXPORT_SYMBOL(pci_iounmap) in lib/iomap.c need be removed.\n";
static const char ask_false_positive[] =
	"> warning: variable set but not used\n\n"
	"Is it a false positive, or is it legit?\n";
static const char ask_send_fixup[] =
	"> error: foo\n\nTony, can you send a followup patch to fix this "
	"warning?\n";
static const char lkp_answers_setup[] =
	"> which disks do you use?\n\n"
	"we used 4 HDD, each with the size of 300G.\n";
static const char lkp_recovered_not_data[] =
	"> could you test the patch?\n\n"
	"we tested the patch and the regression is recovered.\n";
static const char ack_spin_off[] =
	"> warning: unused variable\n\nThanks for catching this build "
	"warning. I will spin-off a v3 fixing this.\n";
static const char ack_will_update[] =
	"> error: foo\n\nRight, G2E has drive_regs as well. Will update!\n";
static const char dispute_dependency[] =
	"> error: implicit declaration of function 'foo'\n\n"
	"This series depends on the immutable branch of the gpio tree; "
	"its absence from the robot's base is what causes this error.\n";
static const char lkp_disabled_arch[] =
	"> thanks, but nobody cares about um here\n\n"
	"We have disabled randconfig test for arch um to avoid sending "
	"reports to irrelevant people.\n";
static const char applied_by_commit[] =
	"> error: undeclared identifier\n\n"
	"Fixed in powerpc:next-test by commit 1ab749d886cc.\n";
static const char not_fixed_by_commit[] =
	"> error: undeclared identifier\n\n"
	"Was this not fixed by commit 1ab749d886cc?\n";
static const char fix_select_will_fix[] =
	"> ERROR: modpost: \"led_classdev_register\" undefined!\n\n"
	"Thanks, the driver needs to select LED_CLASS. Will fix in v4.\n";
static const char ack_partly_unrelated[] =
	"> warning: foo\n> warning: bar\n\n"
	"The first one is unrelated to my changes. The second one is mine, "
	"I'll fix this for v2.\n";
static const char lkp_disabled_such[] =
	"> the warning is expected with W=1\n\n"
	"Thanks for the clarification, we have disabled such warning.\n";

/* A tree's owner saying what they changed in the tree, in the words of
 * the linux-pci, linux-gpio and linux-arch replies of bench/triage
 * (rule applied-owner-did); the same words from a developer, or a
 * promise of the next version, apply nothing. */
static const char owner_took_care[] =
	"> error: 'foo' undeclared\n\nHello,\n\n"
	"I took care of this on Krishna's behalf.\n";
static const char owner_replaced[] =
	"> warning: variable 'fixup' set but not used\n\n"
	"Replaced with\n\n    fixup = pci->ops ? pci->ops->cpu_addr_fixup : "
	"NULL;\n";
static const char owner_made_this[] =
	"> warning: 'sid' may be used uninitialized\n\n"
	"I made this \"u32 sid = 0;\" to resolve this warning.\n";
static const char owner_my_fault[] =
	"> error: implicit declaration of function 'pci_foo'\n\n"
	"My fault, I added\n\n  #include \"../../pci.h\"\n\n"
	"which the patch I dropped had added.\n";
static const char owner_fixed_now[] =
	"> WARNING: modpost: \"foo\" undefined!\n\n"
	"Ah, I removed the wrong export, fixed now.\n";
static const char owner_next_version[] =
	"> warning: unused variable 'x'\n\n"
	"My fault, I added it by mistake; I will send a v2 to resolve this "
	"warning.\n";

/* Dismissals of the tuning lists (Nathan Chancellor, Kalle Valo): a
 * toolchain problem "that will be fixed" is no promise of the author's;
 * "unrelated to this patch, but" opens a side remark. */
static const char dispute_toolchain_fixed_soon[] =
	"> error: undefined symbol: __tsan_memset\n\n"
	"Sorry for the noise, this is not a kernel issue, it is a toolchain "
	"problem that will be fixed soon.\n";
static const char dispute_old_warning[] =
	"> warning: variable 'x' set but not used\n\n"
	"This is an old warning, it just reappeared as I moved ray_cs to a "
	"different directory.\n";
static const char dispute_fixed_in_v2[] =
	"> warning: unused variable 'ret'\n\n"
	"This unused variable warning is already fixed in v2.\n";
static const char side_remark_unrelated[] =
	"> warning: unused variable 'lock'\n\n"
	"Unrelated to this patch, but it's not clear to me why bg->lock is "
	"needed here.\n";

/* A line that announces what follows, a blank line, then the link or
 * the commit (linux-clk, linux-block): one block for the rules; a
 * question mark alone on the last line still makes it a question. */
static const char fix_link_after_blank[] =
	"> error: implicit declaration of function 'foo'\n\n"
	"I fixed this with:\n\n"
	"https://lore.kernel.org/linux-clk/20250927-clk-fix-v2-1-3473dbae@"
	"redhat.com/T/#u\n\nSorry I had to send out a v2 with the tags.\n";
static const char ask_fixed_by_blank[] =
	"> BUG: sleeping function called from invalid context\n\n"
	"Is this also already fixed by:\n\n"
	"commit a64e5a596067 (\"bdev: add back PAGE_SIZE block size "
	"validation for sb_set_blocksize()\")\n\n?\n";

/* Asks for a retest in the words of the linux-block and linux-pm
 * replies of bench/triage (David Howells, Christoph Hellwig, Andy
 * Shevchenko, Christian Brauner) and of doc/reply-acts.md. */
static const char ask_tell_me[] =
	"> BUG: kernel NULL pointer dereference\n\n"
	"Can you tell me if the following change fixes it for you?\n\n"
	"diff --git a/lib/iov_iter.c b/lib/iov_iter.c\n"
	"--- a/lib/iov_iter.c\n+++ b/lib/iov_iter.c\n"
	"@@ -1,3 +1,3 @@\n-\told();\n+\tnew();\n";
static const char ask_help_verify[] =
	"> -12.5% regression\n\n"
	"Could you help to verify whether the attached patch recovers it?\n";
static const char ask_please_v2[] =
	"> WARNING: at mm/util.c\n\n"
	"There is an updated patch series available, please test v2.\n";
static const char ask_confirm[] =
	"> error: implicit declaration\n\n"
	"Can you confirm this fixes it?\n";
static const char ask_restore_retest[] =
	"> BUG: KASAN: global-out-of-bounds\n\n"
	"The change missed the terminator. Can you restore the terminator "
	"there and re-test?\n";
static const char ask_fixed_by[] =
	"> BUG: sleeping function called from invalid context\n\n"
	"Is this also already fixed by:\n\n"
	"commit a64e5a596067 (\"bdev: add back PAGE_SIZE block size "
	"validation for sb_set_blocksize()\")\n\n?\n";
/* ... and what is no retest request: a question to another developer
 * about an approach, a reproduction on other hardware */
static const char ask_not_retest[] =
	"> -20% regression\n\n"
	"Could you reproduce it on another machine with a different disk?\n";

static const struct {
	const char *file;	/* tests/data/reply/FILE, or NULL */
	const char *text;	/* else this body */
	const char *addr;	/* author address, NULL for scraped seeds */
	const char *events;	/* expected event types, in order, ',' */
	const char *ev_type;	/* one event to look into... */
	const char *evidence;	/* ...its evidence contains this */
	const char *value;	/* and "name=value" it captured, or NULL */
} cases[] = {
	/* seed 000, Yang Shi: smaller effect and ~15% variation; a patch
	 * is coming (which includes the ack: no ack event). The report text
	 * (its '>' lost) fires nothing. */
	{ "seed-000_6755a1ebf08d2740.txt", NULL, NULL,
	  "fix-proposed,cannot-reproduce", "cannot-reproduce",
	  "The test itself may have 15% variation", NULL },
	{ "seed-000_6755a1ebf08d2740.txt", NULL, NULL,
	  "fix-proposed,cannot-reproduce", "fix-proposed",
	  "I already came up with a patch", NULL },
	/* seed 001, Yin Fengwei (LKP): closed, fix of an earlier race. The
	 * page names him only; the LKP team is known by address (F4) */
	{ "seed-001_05dade88765bea35.txt", NULL, "fengwei.yin@intel.com",
	  "close", "close",
	  "We will close this report.",
	  "sha=eef983ffeae7a1cdde8c3338155ae2dd74b8621b" },
	/* seed 002, Feng Tang (LKP): data alignment, with the numbers */
	{ "seed-002_8c5260647049be9a.txt", NULL, NULL, "root-caused",
	  "root-caused", "I added some alignments change", NULL },
	/* seed 003 is a report, not a reply: nothing fires */
	{ "seed-003_c3147c1208027c0c.txt", NULL, NULL, "", NULL, NULL, NULL },
	/* seed 004, Hugh Dickins: treat the series of 13 as one ("thanks
	 * for trying it out" is no ack: thanks are discussion) */
	{ "seed-004_02eb4500e56574e4.txt", NULL, NULL,
	  "series-compare-request", "series-compare-request",
	  "treat the series of 13 as one, and compare the baseline before any "
	  "of it against the end of the series", NULL },
	/* 1651872564 Dave Chinner: a tagged patch, and "try it" */
	{ "corpus-chinner-inline-patch.txt", NULL, "david@fromorbit.com",
	  "fix-proposed,retest-request", "retest-request",
	  "Can you try the patch below and see if that fixes the issue?",
	  NULL },
	/* 1651921786 Carel Si (LKP): the proposed fix did not help */
	{ "corpus-lkp-fix-no-effect.txt", NULL, "beibei.si@intel.com",
	  "fix-no-effect", "fix-no-effect",
	  "We tested below patch, it didn't fix the issue", NULL },
	/* 1677824018 Yujie Liu (LKP): "cannot fix the problem" */
	{ "corpus-lkp-cannot-fix.txt", NULL, "yujie.liu@intel.com",
	  "fix-no-effect", "fix-no-effect", "but cannot fix the problem", NULL },
	/* 1573625067 Ian Kent: not a problem with the subject patch */
	{ "corpus-kent-dispute.txt", NULL, "raven@themaw.net", "dispute",
	  "dispute", "not a problem with the subject patch", NULL },
	/* 1573560143 Jan Stancek: the test still passes */
	{ "corpus-stancek-original-message.txt", NULL, "jstancek@redhat.com",
	  "dispute", "dispute", "Test still PASSes.", NULL },
	/* 1684075008 Feng Tang (LKP): a debug patch restores performance;
	 * that is a root cause, not a confirmed fix */
	{ "corpus-tang-debug-patch.txt", NULL, "feng.tang@intel.com",
	  "root-caused", "root-caused",
	  "With the debug below, the performance is restored.", NULL },
	/* 1718914590 Jeff Layton: unable to reproduce */
	{ "corpus-layton-cannot-reproduce.txt", NULL, "jlayton@kernel.org",
	  "cannot-reproduce", "cannot-reproduce",
	  "I've been trying for several days to reproduce this", NULL },
	/* 1669080818 Gao Xiang: is the result stable? */
	{ "corpus-gao-more-data.txt", NULL, "hsiangkao@linux.alibaba.com",
	  "more-data-request,ack", "more-data-request", "Is the result stable?",
	  NULL },
	{ NULL, more_data_how_reproduce, "dev@example.org",
	  "more-data-request", "more-data-request", "how to reproduce this",
	  NULL },
	{ NULL, more_data_reproduce_on, "dev@example.org", "more-data-request",
	  "more-data-request", "Does this reproduce on", NULL },
	{ NULL, more_data_any_info, "dev@example.org", "more-data-request",
	  "more-data-request", "Is there any more information", NULL },
	{ NULL, ask_tests_with, "dev@example.org", "retest-request",
	  "retest-request", "make tests with the following", NULL },
	{ NULL, ask_mostly_fixes, "dev@example.org", "retest-request",
	  "retest-request", "see if this mostly fixes", NULL },
	{ NULL, ask_more_configs, "dev@example.org", "retest-request",
	  "retest-request", "try two more configurations", NULL },
	{ NULL, ask_tests_nearmiss, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, dispute_cannot_affect, "dev@example.org", "dispute", "dispute",
	  "can't affect the IO path", NULL },
	{ NULL, dispute_many_instances, "dev@example.org", "dispute",
	  "dispute", "plenty of other instances", NULL },
	{ NULL, dispute_instances_nearmiss, "dev@example.org", "ack", "ack",
	  "I'll fix", NULL },
	{ NULL, fix_sent_to_fix, "dev@example.org", "fix-proposed",
	  "fix-proposed", "I've just sent a v3 to fix", NULL },
	{ NULL, fix_have_sent, "dev@example.org", "fix-proposed",
	  "fix-proposed", "We've already posted a patch", NULL },
	{ NULL, fix_going_to_prepare, "dev@example.org", "fix-proposed",
	  "fix-proposed", "going to prepare a patch", NULL },
	{ NULL, fix_by_adding, "dev@example.org", "fix-proposed",
	  "fix-proposed", "fix this by adding", NULL },
	{ NULL, fix_found_and_sent, "dev@example.org", "fix-proposed",
	  "fix-proposed", "and sent a patch", NULL },
	{ NULL, fix_by_nearmiss, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, fix_sent_nearmiss, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, ack_next_would, "dev@example.org", "ack", "ack",
	  "I would fixup it in the next", NULL },
	{ NULL, ack_next_wait_add, "dev@example.org", "ack", "ack",
	  "add this change in v2", NULL },
	{ NULL, ack_next_nearmiss, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, ack_offers_fix, "dev@example.org", "ack", "ack",
	  "I can send a fixed v3", NULL },
	{ NULL, ack_offers_you_or_me, "dev@example.org", "ack", "ack",
	  "or do you want me to do", NULL },
	{ NULL, ack_offers_nearmiss, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, more_data_test_env, "dev@example.org", "more-data-request",
	  "more-data-request", "in the test environment", NULL },
	{ NULL, more_data_missed, "dev@example.org",
	  "more-data-request,cannot-reproduce", "more-data-request",
	  "Did I miss anything", NULL },
	{ NULL, more_data_nearmiss, "dev@example.org", "", NULL, NULL, NULL },
	/* LKP retest replies */
	{ NULL, retest_ok, "oliver.sang@intel.com", "fix-confirmed",
	  "fix-confirmed", "Tested-by: kernel test robot", NULL },
	{ NULL, retest_partial, "oliver.sang@intel.com", "fix-partial",
	  "fix-partial", "it only partially recovers the regression", NULL },
	{ NULL, retest_little, "oliver.sang@intel.com", "fix-no-effect",
	  "fix-no-effect", "it has little impact", NULL },
	/* the same words from someone outside LKP confirm nothing */
	{ NULL, retest_ok, "someone@example.org", "", NULL, NULL, NULL },
	/* quoted LKP words fire nothing */
	{ NULL, retest_quoted, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, ask_retest, "dev@example.org", "retest-request",
	  "retest-request", "Could you please retest", NULL },
	/* retest requests (issue 34): a patch and "tell me if it fixes" is
	 * both events */
	{ NULL, ask_tell_me, "dev@example.org", "fix-proposed,retest-request",
	  "retest-request", "Can you tell me if the following change fixes",
	  NULL },
	{ NULL, ask_help_verify, "dev@example.org", "retest-request",
	  "retest-request", "Could you help to verify", NULL },
	{ NULL, ask_please_v2, "dev@example.org", "retest-request",
	  "retest-request", "please test v2", NULL },
	{ NULL, ask_confirm, "dev@example.org", "retest-request",
	  "retest-request", "Can you confirm this fixes it?", NULL },
	{ NULL, ask_restore_retest, "dev@example.org", "retest-request",
	  "retest-request", "and re-test?", NULL },
	{ NULL, ask_fixed_by, "dev@example.org", "retest-request",
	  "retest-request", "Is this also already fixed by", NULL },
	{ NULL, ask_not_retest, "dev@example.org", "", NULL, NULL, NULL },
	/* the LKP team asks nobody to retest */
	{ NULL, ask_please_v2, "oliver.sang@intel.com", "", NULL, NULL, NULL },
	{ NULL, ack_only, "dev@example.org", "ack", "ack",
	  "Thanks for the report!", NULL },
	/* a promise without the change: acknowledges, not fix-proposed */
	{ NULL, ack_will_fix, "dev@example.org", "ack", "ack",
	  "will fix", NULL },
	{ NULL, dispute_false_positive, "dev@example.org", "dispute",
	  "dispute", "false positive", NULL },
	/* the LKP team retracting: a close; the same words from outside
	 * the team are a dispute, which closes nothing */
	{ NULL, lkp_retracts, "philip.li@intel.com", "close", "close",
	  "Sorry for the false positive", NULL },
	{ NULL, lkp_retracts, "dev@example.org", "dispute", "dispute",
	  "false positive", NULL },
	{ NULL, more_data_setup, "dev@example.org", "more-data-request",
	  "more-data-request", "which I/O scheduler are you using?", NULL },
	{ NULL, fix_posted, "dev@example.org", "fix-proposed",
	  "fix-proposed", "I just sent a patch", NULL },
	{ NULL, fix_should_have, "dev@example.org", "fix-proposed",
	  "fix-proposed", "should have used max_t()", NULL },
	{ NULL, ack_sent_v2, "dev@example.org", "ack", "ack",
	  "I will sent v2", NULL },
	{ NULL, fix_fixed_by_link, "dev@example.org", "fix-proposed",
	  "fix-proposed", "Should be fixed by", NULL },
	{ NULL, fix_depend_on, "dev@example.org", "fix-proposed",
	  "fix-proposed", "should depend on OF_IRQ", NULL },
	{ NULL, dispute_safely_ignored, "dev@example.org", "dispute",
	  "dispute", "can be safely ignored", NULL },
	/* prose that says "by design" dismisses nothing */
	{ NULL, dispute_by_design_prose, "dev@example.org", "", NULL, NULL,
	  NULL },
	/* a promise of the next version, no dispute */
	{ NULL, ack_fixed_in_v3, "dev@example.org", "ack", "ack",
	  "Will be fixed in v3", NULL },
	{ NULL, fix_need_removed, "dev@example.org", "fix-proposed",
	  "fix-proposed", "need be removed", NULL },
	/* asking whether it is a false positive disputes nothing; asking
	 * the author for a fix-up patch asks for no data */
	{ NULL, ask_false_positive, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, ask_send_fixup, "maint@example.org", "", NULL, NULL, NULL },
	/* a tree's owner says what they changed in the tree */
	{ NULL, owner_took_care, "maint@example.org", "fix-applied",
	  "fix-applied", "I took care of this", NULL },
	{ NULL, owner_replaced, "maint@example.org", "fix-applied",
	  "fix-applied", "Replaced with", NULL },
	{ NULL, owner_made_this, "maint@example.org", "fix-applied",
	  "fix-applied", "to resolve this warning", NULL },
	{ NULL, owner_my_fault, "maint@example.org", "fix-applied",
	  "fix-applied", "My fault, I added", NULL },
	{ NULL, owner_fixed_now, "maint@example.org", "fix-applied",
	  "fix-applied", "fixed now", NULL },
	{ NULL, owner_took_care, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, fix_link_after_blank, "dev@example.org", "fix-proposed",
	  "fix-proposed", "I fixed this with: https://lore.kernel.org/", NULL },
	{ NULL, ask_fixed_by_blank, "maint@example.org", "retest-request",
	  "retest-request", "fixed by", NULL },
	{ NULL, dispute_toolchain_fixed_soon, "dev@example.org", "dispute",
	  "dispute", "not a kernel issue", NULL },
	{ NULL, dispute_old_warning, "dev@example.org", "dispute", "dispute",
	  "This is an old warning", NULL },
	{ NULL, side_remark_unrelated, "dev@example.org", "", NULL, NULL,
	  NULL },
	{ NULL, dispute_fixed_in_v2, "dev@example.org", "dispute", "dispute",
	  "already fixed in v2", NULL },
	{ NULL, owner_next_version, "maint@example.org", "ack", "ack", "v2",
	  NULL },
	/* the LKP team answering a set-up question gives data; its
	 * confirmation is no data */
	{ NULL, lkp_answers_setup, "oliver.sang@intel.com", "data-provided",
	  "data-provided", "we used 4 HDD", NULL },
	{ NULL, lkp_recovered_not_data, "oliver.sang@intel.com",
	  "fix-confirmed", "fix-confirmed", "regression is recovered", NULL },
	{ NULL, ack_spin_off, "dev@example.org", "ack", "ack",
	  "spin-off a v3", NULL },
	{ NULL, ack_will_update, "dev@example.org", "ack", "ack",
	  "Will update!", NULL },
	{ NULL, dispute_dependency, "dev@example.org", "dispute", "dispute",
	  "depends on the immutable branch", NULL },
	{ NULL, lkp_disabled_arch, "rong.a.chen@intel.com", "close", "close",
	  "disabled randconfig test for arch um", NULL },
	{ NULL, applied_by_commit, "mpe@example.org", "fix-applied",
	  "fix-applied", "by commit 1ab749d886cc", "sha=1ab749d886cc" },
	{ NULL, not_fixed_by_commit, "dev@example.org", "", NULL, NULL,
	  NULL },
	/* the change named beside the promise: a fix, which includes
	 * the ack */
	{ NULL, fix_select_will_fix, "dev@example.org", "fix-proposed",
	  "fix-proposed", "needs to select LED_CLASS", NULL },
	/* a promise to fix beside a dismissal: the report is accepted */
	{ NULL, ack_partly_unrelated, "dev@example.org", "ack", "ack",
	  "I'll fix this for v2", NULL },
	{ NULL, lkp_disabled_such, "oliver.sang@intel.com", "close", "close",
	  "we have disabled such warning", NULL },
	/* fix-applied: b4 ty with its commit, patchwork-bot by its link */
	{ NULL, applied_b4, "axboe@kernel.dk", "fix-applied", "fix-applied",
	  "Applied, thanks!", "sha=5347c9321845e5a94be19ea951746d4f2b8b194f" },
	{ NULL, applied_pwbot, "patchwork-bot+netdevbpf@kernel.org",
	  "fix-applied", "fix-applied",
	  "This patch was applied to netdev/net.git (main)",
	  "sha=0a1b2c3d4e5f" },
	{ NULL, applied_tree, "sre@kernel.org", "fix-applied", "fix-applied",
	  "queued to power-supply's -next branch", NULL },
	{ NULL, applied_dropped, "axboe@kernel.dk", "fix-applied",
	  "fix-applied", "This patch has been dropped", NULL },
	/* a question is no news */
	{ NULL, applied_question, "dev@example.org", "", NULL, NULL, NULL },
	/* the change named and applied: fix-applied includes fix-proposed */
	{ NULL, applied_missing_fixed, "dsterba@suse.cz", "fix-applied",
	  "fix-applied", "orphan.c, fixed.", NULL },
	/* the LKP team: could not apply; the data asked for */
	{ NULL, lkp_apply_failed, "oliver.sang@intel.com", "retest-failed",
	  "retest-failed", "I failed to apply patch", NULL },
	{ NULL, lkp_attached, "oliver.sang@intel.com", "data-provided",
	  "data-provided", "I attached a dmesg", NULL },
	/* the same words from outside the team are nothing of the kind */
	{ NULL, lkp_apply_failed, "dev@example.org", "", NULL, NULL, NULL },
	{ NULL, dispute_wrong_base, "dev@example.org", "dispute", "dispute",
	  "applied without the previous preparation patches", NULL },
	{ NULL, fix_include, "dev@example.org", "fix-proposed",
	  "fix-proposed", "is missing in super.c", NULL },
	{ NULL, fix_instead, "dev@example.org", "fix-proposed",
	  "fix-proposed", "instead to avoid this warning", NULL },
	/* adding a Reported-by is no change to the code: an ack */
	{ NULL, ack_reported_by, "dev@example.org", "ack", "ack",
	  "Thanks for this report", NULL },
	{ NULL, fix_sent_bare, "dev@example.org", "fix-proposed",
	  "fix-proposed", "Just sent out a fix", NULL },
	{ NULL, fix_code_words, "dev@example.org", "fix-proposed",
	  "fix-proposed", "guard the above with #ifdef", NULL },
	{ NULL, applied_ok_dropped, "dev@example.org", "fix-applied",
	  "fix-applied", "OK, dropped.", NULL },
	{ NULL, ack_noise_v2, "dev@example.org", "ack", "ack",
	  "will send a v2", NULL },
	{ NULL, dispute_unrelated, "dev@example.org", "dispute", "dispute",
	  "doesn't look at all related", NULL },
	{ NULL, lkp_kindly_ignore, "philip.li@intel.com", "close", "close",
	  "kindly ignore", NULL },
	/* "fixed" by someone who keeps no tree: not applied anywhere,
	 * the report accepted (acknowledges) */
	{ NULL, author_fixed_locally, "dev@example.org", "ack", "ack",
	  "fixed this locally", NULL },
	/* "not expected" is no dispute */
	{ NULL, not_expected, "dev@example.org", "ack", "ack",
	  "I'll take a look", NULL },
};

START_TEST(default_rules_stories)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	struct rule_events ev = { 0 };
	struct rule_author au = { NULL, cases[_i].addr };
	char got[256] = "";
	char *buf = NULL;
	const char *body = cases[_i].text;
	size_t len = body ? strlen(body) : 0;
	int seen = 0;

	if (cases[_i].file)
		body = buf = load(cases[_i].file, &len);
	ck_assert_int_eq(reply_parse(&a, body, len, &r), LKB_OK);
	ck_assert_int_eq(rules_apply(rs, r, &au, &a, &ev), LKB_OK);
	for (size_t k = 0, pos = 0; k < ev.n && pos < sizeof(got); k++)
		pos += (size_t)snprintf(got + pos, sizeof(got) - pos, "%s%s",
					k ? "," : "",
					reply_event_name(ev.ev[k].type));
	ck_assert_msg(!strcmp(got, cases[_i].events), "row %d: got '%s'", _i,
		      got);
	for (size_t k = 0; k < ev.n && cases[_i].ev_type; k++) {
		const struct rule_event *e = &ev.ev[k];
		char kv[256];

		if (strcmp(reply_event_name(e->type), cases[_i].ev_type))
			continue;
		seen = 1;
		ck_assert_msg(strstr(e->evidence, cases[_i].evidence),
			      "row %d: evidence '%s'", _i, e->evidence);
		if (!cases[_i].value)
			continue;
		ck_assert_uint_ge(e->nvalues, 1);
		snprintf(kv, sizeof(kv), "%s=%s", e->values[0].name,
			 e->values[0].value);
		ck_assert_str_eq(kv, cases[_i].value);
	}
	ck_assert(seen || !cases[_i].ev_type);
	free(buf);
	arena_release(&a);
}
END_TEST

/* How sure each rule is: the explicit ones high, the prose-only and
 * the questions medium, so that their events wait for review under the
 * default [triage] auto_confidence. */
static const struct {
	const char *text, *event, *rule, *level;
} conf_cases[] = {
	{ ask_help_verify, "retest-request", "retest-ask-help", "high" },
	{ ask_retest, "retest-request", "retest-ask", "high" },
	{ ask_fixed_by, "retest-request", "retest-ask-more", "medium" },
	{ ask_tell_me, "fix-proposed", "fix-inline-patch", "high" },
	{ fix_should_have, "fix-proposed", "fix-posted", "high" },
	{ ack_will_fix, "ack", "ack-promise", "high" },
	{ ack_sent_v2, "ack", "ack-resend", "high" },
	{ fix_fixed_by_link, "fix-proposed", "fix-pointed", "high" },
	{ dispute_safely_ignored, "dispute", "dispute-dismissal", "high" },
	{ more_data_reproduce_on, "more-data-request", "more-data-reproduce",
	  "medium" },
};

START_TEST(default_rules_confidence)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	struct rule_events ev = { 0 };
	struct rule_author au = { NULL, "dev@example.org" };
	const char *body = conf_cases[_i].text;
	int seen = 0;

	ck_assert_int_eq(reply_parse(&a, body, strlen(body), &r), LKB_OK);
	ck_assert_int_eq(rules_apply(rs, r, &au, &a, &ev), LKB_OK);
	for (size_t k = 0; k < ev.n; k++) {
		if (strcmp(reply_event_name(ev.ev[k].type),
			   conf_cases[_i].event))
			continue;
		seen = 1;
		ck_assert_str_eq(ev.ev[k].rule, conf_cases[_i].rule);
		ck_assert_str_eq(reply_confidence_level(ev.ev[k].confidence),
				 conf_cases[_i].level);
		/* under the default threshold exactly the high ones pass */
		ck_assert_int_eq(ev.ev[k].confidence >=
					 set.triage.auto_confidence,
				 !strcmp(conf_cases[_i].level, "high"));
	}
	ck_assert_msg(seen, "row %d: no %s", _i, conf_cases[_i].event);
	arena_release(&a);
}
END_TEST

/* "already fixed in v2" disputes with the reason superseded, so the
 * report it closes ends as superseded, not invalid; another dismissal
 * names no reason (the life cycle's invalid). */
START_TEST(default_rules_dispute_reason)
{
	struct rule_author dev = { NULL, "dev@example.org" };
	const char *texts[] = { dispute_fixed_in_v2, dispute_old_warning };
	const enum close_reason want[] = { CR_SUPERSEDED, CR_NONE };

	for (size_t i = 0; i < LKB_ARRAY_SIZE(texts); i++) {
		struct arena a = ARENA_INIT;
		struct reply *r;
		struct rule_events ev = { 0 };

		ck_assert_int_eq(reply_parse(&a, texts[i], strlen(texts[i]), &r),
				 LKB_OK);
		ck_assert_int_eq(rules_apply(rs, r, &dev, &a, &ev), LKB_OK);
		ck_assert_uint_eq(ev.n, 1);
		ck_assert_str_eq(reply_event_name(ev.ev[0].type), "dispute");
		ck_assert_int_eq(ev.ev[0].reason, want[i]);
		arena_release(&a);
	}
}
END_TEST

/* Wordings read off the misses on five held-out sets (session 24):
 * each gives its event under its rule; the rows with no event are the
 * near misses that must stay discussion. */
static const struct {
	const char *from, *text, *event, *rule;
} wording_cases[] = {
	{ "dev@example.org", "Applied now.  Thanks.\n", "fix-applied", "applied" },
	{ "dev@example.org", "Fixed, thanks,\nMarc\n", "fix-applied", "applied" },
	{ "dev@example.org", "applied tnx.\n", "fix-applied", "applied" },
	{ "dev@example.org", "Good bot! Fixed.\n", "fix-applied", "applied" },
	{ "dev@example.org", "The correct fixes tag is below.\n"
	  "Applied with that to linux-can.\n", "fix-applied", "applied" },
	{ "dev@example.org", "I resolved this and pushed new code, thanks!\n",
	  "fix-applied", "applied" },
	{ "dev@example.org", "Fix posted and merged into selinux/next.\n",
	  "fix-applied", "applied" },
	{ "philip.li@intel.com", "Got it, we will update the bot to handle this "
	  "to avoid further false positive.\n", "close", "close-lkp-retracts" },
	{ "philip.li@intel.com", "thanks for info, 0-day ci will blacklist "
	  "this error.\n", "close", "close-lkp-retracts" },
	{ "oliver.sang@intel.com", "got it. we will ignore KASAN issues from "
	  "this module.\n", "close", "close-lkp-retracts" },
	{ "dev@example.org", "i think this is a problem inside the clang "
	  "compiler.\n", "dispute", "dispute-dismissal" },
	{ "dev@example.org", "Thanks but I have no intent to fix this.\n",
	  "dispute", "dispute-dismissal" },
	{ "dev@example.org", "You are working with an old tree, this was fixed "
	  "2 days ago.\n", "dispute", "dispute-dismissal" },
	{ "dev@example.org", "This warning is fixed in v5, please test with "
	  "v5.\n", "dispute", "dispute-newer-version" },
	{ "dev@example.org", "We're working on a patch to resolve the check.\n",
	  "ack", "ack-promise" },
	{ "dev@example.org", "Ok, I'll edit the file and resend.\n", "ack",
	  "ack-promise" },
	{ "dev@example.org", "Ok. will do it.\n", "ack", "ack-promise" },
	{ "dev@example.org", "I forgot it. I've sumitted a build fix.\n",
	  "fix-proposed", "fix-posted" },
	{ "dev@example.org", "FYI fix sent as \"[PATCH] serial: core: fix "
	  "it\".\n", "fix-proposed", "fix-posted" },
	/* near misses: a request, a question */
	{ "dev@example.org", "Can you fix it up promptly and resend please ?\n",
	  NULL, "ack-promise" },
	{ "dev@example.org", "Applied now? Thanks.\n", NULL, "applied" },
	{ "dev@example.org", "I don't consider this a bug in clang, it just "
	  "performs the normal type checking.\n", NULL, "dispute-dismissal" },
};

START_TEST(default_rules_wordings)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	struct rule_events ev = { 0 };
	struct rule_author au = { NULL, wording_cases[_i].from };
	const char *body = wording_cases[_i].text;
	int seen = 0;

	ck_assert_int_eq(reply_parse(&a, body, strlen(body), &r), LKB_OK);
	ck_assert_int_eq(rules_apply(rs, r, &au, &a, &ev), LKB_OK);
	for (size_t k = 0; k < ev.n; k++)
		if (!strcmp(ev.ev[k].rule, wording_cases[_i].rule) &&
		    (!wording_cases[_i].event ||
		     !strcmp(reply_event_name(ev.ev[k].type),
			     wording_cases[_i].event)))
			seen = 1;
	ck_assert_msg(seen == (wording_cases[_i].event != NULL),
		      "row %d: %s %s", _i,
		      wording_cases[_i].event ? "no" : "unwanted",
		      wording_cases[_i].rule);
	arena_release(&a);
}
END_TEST

START_TEST(default_rules_seed_details)
{
	struct rule_author yin = { "Yin Fengwei", "fengwei.yin@intel.com" };
	struct arena a = ARENA_INIT;
	struct reply *r;
	struct rule_events ev = { 0 };
	size_t len;
	char *b = load("seed-001_05dade88765bea35.txt", &len);

	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	/* "From: Yin Fengwei": a name proves nothing, his address does */
	ck_assert(!rules_author_is_lkp(rs, NULL, r));
	ck_assert(rules_author_is_lkp(rs, &yin, r));
	ck_assert_int_eq(rules_apply(rs, r, &yin, &a, &ev), LKB_OK);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].reason, CR_FIX_OF_EARLIER_RACE);
	ck_assert_str_eq(ev.ev[0].rule, "close-fix-of-earlier-race");
	free(b);
	/* seed 002: the experiment numbers ride along as evidence */
	b = load("seed-002_8c5260647049be9a.txt", &len);
	ev.n = 0;
	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert_int_eq(rules_apply(rs, r, NULL, &a, &ev), LKB_OK);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_uint_eq(ev.ev[0].nextra, 3);
	ck_assert_str_eq(ev.ev[0].extra[0], "restore the -22.7%. Following are "
			 "some log showing how the alignments");
	ck_assert_str_eq(ev.ev[0].extra[1], "tl: memcg=0x7cd1000 memory=0x7cd10d0 "
			 "memsw=0x7cd1140 kmem=0x7cd11b0 tcpmem=0x7cd1220");
	ck_assert_str_eq(ev.ev[0].extra[2], "t2: memcg=0x7cd0000 memory=0x7cd00d0 "
			 "memsw=0x7cd0140 kmem=0x7cd01c0 tcpmem=0x7cd0230");
	free(b);
	arena_release(&a);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("rules_default");
	TCase *tc = tcase_create("core");

	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, default_rules_stories, 0,
			    (int)LKB_ARRAY_SIZE(cases));
	tcase_add_test(tc, default_rules_seed_details);
	tcase_add_test(tc, default_rules_dispute_reason);
	tcase_add_loop_test(tc, default_rules_wordings, 0,
			    (int)LKB_ARRAY_SIZE(wording_cases));
	tcase_add_loop_test(tc, default_rules_confidence, 0,
			    (int)LKB_ARRAY_SIZE(conf_cases));
	suite_add_tcase(s, tc);
	return s;
}
