# lkp-unite.rb - ours: after the generator has written job.yaml + stats.json
# for each run, do what lkp's bin/proc-local does after extract_stats, by
# calling lkp's own functions (nothing of lkp is copied here):
#   stats['stats_source'] = <rt>/stats.json; unite_to(stats, _result_root)
#   unite_params(<rt>); MResultRootTableSet.create_tables_layout;
#   convert_mrt(_result_root)
# Usage (inside a mount namespace where the tree is /lkp):
#   LKP_SRC=... ruby lkp-unite.rb RUN_DIR...
# Runs must be given in run order (0, 1, 2, ...) per commit, as lkp
# unites them one after the other.
LKP_SRC = ENV.fetch('LKP_SRC')
require "#{LKP_SRC}/lib/job"
require "#{LKP_SRC}/lib/matrix"
require "#{LKP_SRC}/lib/result_root"
require "#{LKP_SRC}/lib/stats"
require "#{LKP_SRC}/lib/yaml"

rt_cache = {}
done_mrt = {}
MResultRootTableSet.create_tables_layout
ARGV.each do |result_root|
  text = File.read("#{result_root}/job.yaml")
  _result_root = rt_cache[text] ||= begin
    job = Job.new
    job.load("#{result_root}/job.yaml")
    job._result_root
  end
  if _result_root != File.dirname(result_root)
    warn "lkp-unite: _rt doesn't match rt: #{_result_root} vs. #{result_root}"
    exit 1
  end
  stats = load_json("#{result_root}/stats.json")
  stats['stats_source'] = "#{result_root}/stats.json"
  unite_to(stats, _result_root)
  unite_params(result_root) unless ENV['LKP_UNITE_NO_PARAMS']
  next if done_mrt[_result_root] && ENV['LKP_UNITE_FAST']

  convert_mrt(_result_root)
  done_mrt[_result_root] = true
end
