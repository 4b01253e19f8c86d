/* sync.c - the sync stage: each configured mail source in turn, as the
 * table sources[] lists them (IMAP folders in sync_imap.c, a Maildir in
 * sync_maildir.c). */
#include "config.h"
#include "bot/ingest/sync.h"

#include "bot/core/settings.h"
#include "bot/ingest/ingest.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/conf.h"

/* Each source's struct, defined in its file. */
extern const struct mail_source sync_source_imap, sync_source_maildir;

/* The sources sync runs, in this order; doctor probes them and the
 * hint when none is set names their keys. A new source: its file
 * (sync_NAME.c, defining sync_source_NAME), its declaration above and
 * its row here. */
static const struct mail_source *const sources[] = {
	&sync_source_imap,
	&sync_source_maildir,
};

const struct mail_source *
sync_source_at(size_t i)
{
	return i < LKB_ARRAY_SIZE(sources) ? sources[i] : NULL;
}

const struct settings_key *
sync_source_key_at(size_t i)
{
	const struct settings_key *k;

	for (size_t j = 0; j < LKB_ARRAY_SIZE(sources); j++)
		for (k = sources[j]->keys; k && k->section; k++)
			if (!i--)
				return k;
	return NULL;
}

void
sync_source_keys(struct strbuf *sb)
{
	size_t n = LKB_ARRAY_SIZE(sources);

	strbuf_reset(sb);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(sb, "%s%s", !i ? "" : i + 1 < n ? ", " : " or ",
			    sources[i]->key);
}

int
sync_sources(const struct settings *set, struct store *st,
	     const struct sync_opts *o)
{
	const struct config *cfg = set->cfg;
	struct strbuf keys = STRBUF_INIT;
	struct ingest *ig = NULL;
	int rc = LKB_OK, rc2;

	for (size_t i = 0; i < LKB_ARRAY_SIZE(sources); i++) {
		if (!sources[i]->configured(set))
			continue;
		if (!ig)
			ig = ingest_new(st);
		rc2 = sources[i]->sync(set, st, ig, o);
		if (rc == LKB_OK)
			rc = rc2;
		/* a source that is down does not hold up the others; a
		 * configuration error stops the stage */
		if (rc2 == LKB_ERR_CONFIG)
			break;
	}
	if (!ig) {
		sync_source_keys(&keys);
		lkb_error("nothing to sync: set %s in the configuration%s%s",
			  keys.buf, config_path(cfg) ? " " : "",
			  config_path(cfg) ? config_path(cfg) : "");
		strbuf_release(&keys);
		return LKB_ERR_CONFIG;
	}
	ingest_free(ig);
	return rc;
}
