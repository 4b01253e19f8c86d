# parsers/imap.mk - IMAP response framing and parsing.
parsers_libparsers_a_SOURCES += %reldir%/imap_resp.c %reldir%/imap_resp.h
