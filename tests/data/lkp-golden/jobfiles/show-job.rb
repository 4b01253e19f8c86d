LKP_SRC = ENV.fetch('LKP_SRC')
require "#{LKP_SRC}/lib/job"
ARGV.each do |f|
  job = Job.open(f)
  puts "#{f}:"
  puts "  path_params:  #{job.path_params}"
  puts "  _result_root: #{job._result_root}"
  puts "  axes:         #{job.axes.inspect}"
end
