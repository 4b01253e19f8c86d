/* compiler.h - attribute macros used across lkpbot. */
#ifndef LKB_LIB_COMPILER_H
#define LKB_LIB_COMPILER_H

#if defined(__GNUC__) || defined(__clang__)
#define LKB_WARN_UNUSED __attribute__((warn_unused_result))
#define LKB_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define LKB_NORETURN __attribute__((noreturn))
#define LKB_NONNULL(...) __attribute__((nonnull(__VA_ARGS__)))
#define LKB_MALLOC __attribute__((malloc))
#else
#define LKB_WARN_UNUSED
#define LKB_PRINTF(f, a)
#define LKB_NORETURN
#define LKB_NONNULL(...)
#define LKB_MALLOC
#endif

/* x, macros expanded, as a string literal: a number's default text. */
#define LKB_TEXT_(x) #x
#define LKB_TEXT(x) LKB_TEXT_(x)

/* Static in normal builds, visible to the unit tests (doc/style.md R6). */
#ifdef LKB_UNIT_TEST
#define LKB_TESTABLE
#else
#define LKB_TESTABLE static
#endif

#define LKB_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
