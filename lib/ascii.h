/* ascii.h - locale-independent character classes (doc/style.md R16).
 * Safe on plain (possibly negative) char. */
#ifndef LKB_LIB_ASCII_H
#define LKB_LIB_ASCII_H

#define LKB_UC(c) ((unsigned char)(c))
#define LKB_ISDIGIT(c) (LKB_UC(c) >= '0' && LKB_UC(c) <= '9')
#define LKB_ISLOWER(c) (LKB_UC(c) >= 'a' && LKB_UC(c) <= 'z')
#define LKB_ISUPPER(c) (LKB_UC(c) >= 'A' && LKB_UC(c) <= 'Z')
#define LKB_ISALPHA(c) (LKB_ISLOWER(c) || LKB_ISUPPER(c))
#define LKB_ISALNUM(c) (LKB_ISALPHA(c) || LKB_ISDIGIT(c))
#define LKB_ISXDIGIT(c)                                                      \
	(LKB_ISDIGIT(c) || (LKB_UC(c) >= 'a' && LKB_UC(c) <= 'f') ||         \
	 (LKB_UC(c) >= 'A' && LKB_UC(c) <= 'F'))
#define LKB_ISBLANK(c) (LKB_UC(c) == ' ' || LKB_UC(c) == '\t')
#define LKB_ISSPACE(c)                                                       \
	(LKB_ISBLANK(c) || LKB_UC(c) == '\n' || LKB_UC(c) == '\r' ||         \
	 LKB_UC(c) == '\f' || LKB_UC(c) == '\v')
#define LKB_TOLOWER(c) (LKB_ISUPPER(c) ? LKB_UC(c) + 32 : LKB_UC(c))
#define LKB_TOUPPER(c) (LKB_ISLOWER(c) ? LKB_UC(c) - 32 : LKB_UC(c))

#endif
