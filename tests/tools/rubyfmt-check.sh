#!/bin/sh
# rubyfmt-check.sh - lkpbot's Ruby-style float text against Ruby itself.
#
#   tests/tools/rubyfmt-check.sh BUILDDIR [COUNT] [SEED]
#
# Ruby (the interpreter lkp-tests runs on) generates COUNT values of the
# kinds lkp's comparison table prints - means of 1..40 samples with 0-3
# decimals summed the way lkp sums them, values a few ulp from a decimal
# half-way point, large and tiny values, percentages of changes - and
# prints each with format('%.2f'), '%+.1f', '%.0f', '%.4g', '%+.2g';
# BUILDDIR/tests/tools/rubyfmt-check formats the same doubles with
# bot/compare/rubyfmt.c and counts the differences. Needs ruby; exit 0
# only when every text is identical. Results: BENCHMARKS.md.
set -eu
build=${1:?usage: rubyfmt-check.sh BUILDDIR [COUNT] [SEED]}
count=${2:-1000000}
seed=${3:-19}
command -v ruby >/dev/null || { echo "rubyfmt-check: needs ruby" >&2; exit 2; }
ruby -e 'puts "ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL}"' >&2
ruby - "$count" "$seed" <<'RUBY' | "$build/tests/tools/rubyfmt-check"
count = ARGV[0].to_i
rng = Random.new(ARGV[1].to_i)
def line(v)
  [format('%.17g', v), format('%.2f', v), format('%+.1f', v), format('%.0f', v),
   format('%.4g', v), format('%+.2g', v)].join("\t")
end
out = $stdout
count.times do |i|
  case i % 8
  when 0, 1, 2 # means of n samples with d decimals, as lkp's Array#average
    n = 1 + rng.rand(40)
    d = rng.rand(4)
    scale = [1, 10, 1000, 100_000][rng.rand(4)]
    xs = Array.new(n) { (rng.rand * scale * 10**d).round / (10.0**d) }
    xs.map!(&:to_i) if d.zero? && rng.rand(2).zero?
    v = xs.sum / xs.size.to_f
  when 3 # a few ulp from a decimal half-way point
    p = rng.rand(4)
    base = (rng.rand(2_000_000) + 0.5) / 10**(p + 1 + rng.rand(2))
    v = base
    rng.rand(4).times { v = rng.rand(2).zero? ? v.next_float : v.prev_float }
  when 4 # changes in percent, as Compare.calc_perf_change
    a = rng.rand * 10**rng.rand(7)
    b = a * (0.5 + rng.rand)
    b = b.round(rng.rand(3)) if rng.rand(2).zero?
    a = 1e-100 if rng.rand(50).zero?
    v = 100 * (b - a) / a
  when 5 # large values and the 1000 / 1e8 boundaries
    v = [999.995, 999.994999, 1000.0, 99_999_999.5, 100_000_000.0,
         100_005_000.0, 1.23445e8][rng.rand(7)]
    v = rng.rand * 10**(3 + rng.rand(15)) if rng.rand(2).zero?
  when 6 # tiny, negative, zero, stddev-style values
    v = (rng.rand - 0.5) * 10**(-rng.rand(6))
    v = -v * 1000 if rng.rand(3).zero?
    v = [0.0, -0.0, 0.005, 0.015, 0.025, 0.5, 1.5, 2.5][rng.rand(8)] if rng.rand(10).zero?
  else # %reproduction: 100 * (f1 / r1 - f0 / r0)
    r0 = 1 + rng.rand(40)
    r1 = 1 + rng.rand(40)
    v = 100 * (rng.rand(r1 + 1) / r0.to_f - rng.rand(r0 + 1) / r0.to_f)
  end
  v = -v if rng.rand(4).zero?
  out.puts line(v)
end
RUBY
