/* datadir.h - where the default rules and mail templates are.
 *
 * One answer for every command: $LKPBOT_DATADIR (a source tree) when set;
 * else, when the running binary is the one the build tree made, the
 * source tree it was built from; else the installed $(pkgdatadir). */
#ifndef LKB_BOT_CORE_DATADIR_H
#define LKB_BOT_CORE_DATADIR_H

/* The default rules file. Caller frees with free(). */
char *datadir_rules_file(void);
/* The installed reply-act model (rules/acts.model in a source tree). */
char *datadir_act_model_file(void);
/* The directory of the default mail templates. Caller frees. */
char *datadir_templates_dir(void);

#endif
