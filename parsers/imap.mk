# parsers/imap.mk - fragment owned by one feature area; included from local.mk
