#include "collect/timing.hpp"

#include <dirent.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <fstream>

namespace roce::bench {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kWarmups = 2;

rusage children_usage() {
  rusage r{};
  getrusage(RUSAGE_CHILDREN, &r);
  return r;
}

bool same_children_usage(const rusage& a, const rusage& b) {
  return a.ru_utime.tv_sec == b.ru_utime.tv_sec && a.ru_utime.tv_usec == b.ru_utime.tv_usec &&
         a.ru_stime.tv_sec == b.ru_stime.tv_sec && a.ru_stime.tv_usec == b.ru_stime.tv_usec &&
         a.ru_minflt == b.ru_minflt && a.ru_majflt == b.ru_majflt && a.ru_nvcsw == b.ru_nvcsw &&
         a.ru_nivcsw == b.ru_nivcsw;
}

// True when some thread of this process has a child that has not been reaped.
bool unreaped_child() {
  DIR* tasks = opendir("/proc/self/task");
  if (!tasks) return false;
  bool found = false;
  while (dirent* t = readdir(tasks)) {
    if (t->d_name[0] == '.') continue;
    std::ifstream children(std::string("/proc/self/task/") + t->d_name + "/children");
    std::string pid;
    if (children >> pid) found = true;
  }
  closedir(tasks);
  return found;
}

double us_of(const timeval& t) { return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_usec); }

// CPU time used so far by this process (all threads, including ones that exited) and by its
// reaped children, in µs.
double cpu_us_now() {
  timespec self{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &self);
  const rusage children = children_usage();
  return static_cast<double>(self.tv_sec) * 1e6 + static_cast<double>(self.tv_nsec) / 1e3 + us_of(children.ru_utime) +
         us_of(children.ru_stime);
}

double nearest_rank(const std::vector<double>& sorted, double p) {
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size())));
  return sorted[std::max<std::size_t>(rank, 1) - 1];
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Samples {
  std::vector<double> wall, cpu;
  bool children_seen = false;
};

// One contender's share of one round.
Outcome run_slice(const Contender& c, int rounds, Samples& s) {
  const auto share = c.budget.time / rounds;
  const int at_least = std::max(1, (c.budget.min_iterations + rounds - 1) / rounds);
  const int at_most = std::max(1, c.budget.max_iterations / rounds);
  const rusage before = children_usage();
  const auto stop = Clock::now() + share;
  for (int i = 0; i < at_most && (i < at_least || Clock::now() < stop); ++i) {
    const double cpu0 = cpu_us_now();
    const auto t0 = Clock::now();
    auto r = c.sweep();
    const auto t1 = Clock::now();
    const double cpu1 = cpu_us_now();
    if (!r) return fail(std::move(r.error()).context(c.name));
    s.wall.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    s.cpu.push_back(cpu1 - cpu0);
  }
  if (!same_children_usage(before, children_usage()) || unreaped_child()) s.children_seen = true;
  return done();
}

}  // namespace

Expected<std::vector<Timing>> time_interleaved(const std::vector<Contender>& contenders, int rounds) {
  std::vector<Samples> samples(contenders.size());
  for (std::size_t i = 0; i < contenders.size(); ++i) {
    const rusage before = children_usage();
    for (int w = 0; w < kWarmups; ++w)
      if (auto r = contenders[i].sweep(); !r)
        return fail(std::move(r.error()).context(contenders[i].name + " (warm-up)"));
    if (!same_children_usage(before, children_usage()) || unreaped_child()) samples[i].children_seen = true;
  }
  for (int round = 0; round < rounds; ++round)
    for (std::size_t i = 0; i < contenders.size(); ++i)
      if (auto r = run_slice(contenders[i], rounds, samples[i]); !r) return fail(std::move(r.error()));

  std::vector<Timing> out;
  for (auto& s : samples) {
    Timing t;
    t.iterations = static_cast<int>(s.wall.size());
    std::sort(s.wall.begin(), s.wall.end());
    t.median_us = median(s.wall);
    t.p99_us = nearest_rank(s.wall, 0.99);
    t.cpu_median_us = median(s.cpu);
    t.children_seen = s.children_seen;
    out.push_back(t);
  }
  return out;
}

}  // namespace roce::bench
