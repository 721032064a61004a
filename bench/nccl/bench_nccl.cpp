// Benchmark: summarising a large NCCL log (nccl_log::read_logs) against `grep -E -c` for the same
// lines over the same file, and against `grep -F -c ' NCCL '` (finds NCCL's lines, reads nothing:
// the floor of any scan). Generates the log (ranks x lines, the formats of the real samples, the
// framework's lines mixed in), then times all three in alternating rounds and prints the ratios.
// grep runs in the C locale (its fastest; in a UTF-8 locale this pattern is many times slower) and
// writes its count into a pipe: with standard output on /dev/null GNU grep stops at the first match.
// Usage: bench_nccl [--ranks 1024] [--lines-per-rank 20000] [--rounds 3] [--keep FILE]
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "nccl_log/reader.hpp"

namespace {

// The lines the summary extracts, as one extended regular expression.
constexpr const char* kPattern =
    " NCCL (WARN|INFO) (NET/|Channel [0-9]+.* via |NCCL_[A-Z0-9_]+ set |Using network |NCCL version |.*comm 0x.* rank "
    "[0-9]+ n[Rr]anks |.*Got completion)|NCCL WARN";

void write_log(const std::string& path, int ranks, long lines_per_rank) {
  std::ofstream out(path, std::ios::binary);
  char line[512];
  const long total = static_cast<long>(ranks) * lines_per_rank;
  for (long i = 0; i < total; ++i) {
    const int r = static_cast<int>(i % ranks);
    const int host = r / 8, dev = r % 8;
    const long k = i / ranks;
    const char* fmt = nullptr;
    switch (k % 10) {
      case 0:
        fmt = "node%03d:%d:%d [%d] NCCL INFO Channel %02ld/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA\n";
        break;
      case 1: fmt = "node%03d:%d:%d [%d] NCCL INFO Channel %02ld/1 : %d[%d] -> %d[%d] via P2P/CUMEM/read\n"; break;
      case 2:
        fmt = "node%03d:%d:%d [%d] NCCL INFO threadThresholds 8/8/64 | 32/8/64 | 512 | 512 %ld %d %d %d %d %d\n";
        break;
      case 3:
        fmt = "node%03d:%d:%d [%d] NCCL INFO Trees [0] 1/-1/-1->0->-1 [1] %ld -1/-1/-1->0->1 %d %d %d %d %d\n";
        break;
      case 4: fmt = "[rank%d] step %d loss 0.%d lr 1e-4 %d %ld %d %d %d %d %d\n"; break;
      case 5:
        fmt =
            "node%03d:%d:%d [%d] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [RO]; OOB "
            "ens1f0np0:10.0.%ld.%d<0> %d %d %d %d\n";
        break;
      case 6:
        fmt = "node%03d:%d:%d [%d] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3. %ld %d %d %d %d %d\n";
        break;
      case 7:
        fmt =
            "node%03d:%d:%d [%d] NCCL INFO comm 0x55e1 rank %ld nRanks %d nNodes %d localRanks 8 localRank %d MNNVL "
            "%d\n";
        break;
      case 8:
        fmt = "node%03d:%d:%d [%d] NCCL INFO Connected all rings, use ring PXN 0 GDR 1 %ld %d %d %d %d %d\n";
        break;
      default:
        fmt =
            "node%03d:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.0.%ld<4000> "
            "with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.0.%d.%d "
            "remoteGids::ffff:10.0.%d.%d\n";
    }
    const int n = std::snprintf(line, sizeof line, fmt, host, 1000 + r, 2000 + r, dev, k % 64, r, dev, (r + 1) % ranks,
                                dev, dev % 2, r % 250);
    out.write(line, std::min<int>(n, sizeof line - 1));
  }
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Runs `command` (a grep -c), reads the count it prints; -1 when it fails.
long run_count(const std::string& command) {
  FILE* out = popen(command.c_str(), "r");
  if (!out) return -1;
  long count = -1;
  if (std::fscanf(out, "%ld", &count) != 1) count = -1;
  return pclose(out) == -1 ? -1 : count;
}

}  // namespace

int main(int argc, char** argv) {
  int ranks = 1024, rounds = 3;
  long per_rank = 20000;
  std::string keep;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--ranks")
      ranks = std::atoi(argv[i + 1]);
    else if (a == "--lines-per-rank")
      per_rank = std::atol(argv[i + 1]);
    else if (a == "--rounds")
      rounds = std::atoi(argv[i + 1]);
    else if (a == "--keep")
      keep = argv[i + 1];
  }
  const std::string path =
      keep.empty()
          ? (std::filesystem::temp_directory_path() / ("bench-nccl-" + std::to_string(getpid()) + ".log")).string()
          : keep;
  write_log(path, ranks, per_rank);
  const auto bytes = std::filesystem::file_size(path);
  std::printf("log: %d ranks x %ld lines = %ld lines, %.1f MiB\n", ranks, per_rank, ranks * per_rank,
              static_cast<double>(bytes) / (1 << 20));
  const std::string grep = "LC_ALL=C grep -E -c '" + std::string(kPattern) + "' '" + path + "'";
  const std::string floor = "LC_ALL=C grep -F -c ' NCCL ' '" + path + "'";
  double best_ours = 1e9, best_grep = 1e9, best_floor = 1e9;
  for (int round = 0; round < rounds; ++round) {
    auto t0 = std::chrono::steady_clock::now();
    const long matched = run_count(grep);
    const double g = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    const long nccl = run_count(floor);
    const double f = seconds_since(t0);
    if (matched < 0 || nccl < 0) {
      std::fprintf(stderr, "grep failed\n");
      return 4;
    }
    t0 = std::chrono::steady_clock::now();
    auto log = roce::nccl_log::read_logs({path});
    const double o = seconds_since(t0);
    if (!log) {
      std::fprintf(stderr, "%s\n", log.error().message.c_str());
      return 4;
    }
    if (round == 0)
      std::printf("summary: %zu processes, %llu NCCL lines, %llu unknown; grep -E matched %ld lines, grep -F %ld\n",
                  log->ranks.size(), static_cast<unsigned long long>(log->nccl_lines),
                  static_cast<unsigned long long>(log->unknown_lines), matched, nccl);
    std::printf("round %d: grep -E %.3f s, grep -F %.3f s, roce-doctor summary %.3f s\n", round + 1, g, f, o);
    best_grep = std::min(best_grep, g);
    best_floor = std::min(best_floor, f);
    best_ours = std::min(best_ours, o);
  }
  std::printf("best: grep -E %.3f s, grep -F %.3f s, summary %.3f s\n", best_grep, best_floor, best_ours);
  std::printf("ratio %.2fx grep -E (goal <= 2x), %.2fx grep -F\n", best_ours / best_grep, best_ours / best_floor);
  if (keep.empty()) std::filesystem::remove(path);
  return 0;
}
