/* clock.h - the monotonic clock, for durations (timeouts, how long a
 * run took): never the wall clock, which may jump. */
#ifndef LKB_LIB_CLOCK_H
#define LKB_LIB_CLOCK_H

#include <stdint.h>
#include <time.h>

/* Seconds since some fixed point in the past. */
static inline double
lkb_now_secs(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The same in milliseconds. */
static inline int64_t
lkb_now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

#endif
