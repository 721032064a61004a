// bench_record: what a recording costs and how fast it is read back, against the obvious
// alternative (a shell loop logging `date; ethtool -S` for every port, compressed with gzip -6 or
// zstd -19), in one run, on the synthetic mlx5-like mix of synthetic_mix.hpp.
//   1. size: bytes per counter-sample of the recording vs gzip -6 / zstd -19 of the text log;
//   2. write cost: CPU per sweep of RecordWriter::append;
//   3. decode: record::for_each_sample, samples/s;
//   4. analysis: decode + the whole check catalog once per 60 s window (what `report` does),
//      samples/s, and the time a day at 1 Hz would take.
// Usage: bench_record [--seconds N=3600] [--ports P=8] [--counters C=500] [--dir DIR=/tmp]
//                     [--no-text]   (skip the text-log compression, the slow part: zstd -19)
#include <zstd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>

#include "checks/registry.hpp"
#include "engine/context.hpp"
#include "profile/profile.hpp"
#include "record/recording.hpp"
#include "synthetic_mix.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// zstd at a level, streamed, counting compressed bytes only.
class ZstdCounter {
 public:
  explicit ZstdCounter(int level) : cctx_(ZSTD_createCCtx()), out_(ZSTD_CStreamOutSize(), '\0') {
    ZSTD_CCtx_setParameter(cctx_, ZSTD_c_compressionLevel, level);
  }
  ~ZstdCounter() { ZSTD_freeCCtx(cctx_); }
  void add(const std::string& text, bool last) {
    ZSTD_inBuffer in{text.data(), text.size(), 0};
    const auto mode = last ? ZSTD_e_end : ZSTD_e_continue;
    for (;;) {
      ZSTD_outBuffer out{out_.data(), out_.size(), 0};
      const std::size_t left = ZSTD_compressStream2(cctx_, &out, &in, mode);
      if (ZSTD_isError(left)) {
        std::fprintf(stderr, "zstd: %s\n", ZSTD_getErrorName(left));
        std::exit(4);
      }
      bytes += out.pos;
      if (last ? left == 0 : in.pos == in.size) break;
    }
  }
  std::uint64_t bytes = 0;

 private:
  ZSTD_CCtx* cctx_;
  std::string out_;
};

// gzip -6 of a stream, through gzip(1) itself, counting its output.
class GzipCounter {
 public:
  explicit GzipCounter(const std::string& path) : path_(path) {
    pipe_ = popen(("gzip -6 -c > '" + path + "'").c_str(), "w");
    if (!pipe_) {
      std::perror("popen gzip");
      std::exit(4);
    }
  }
  void add(const std::string& text) { std::fwrite(text.data(), 1, text.size(), pipe_); }
  std::uint64_t finish() {
    if (pclose(pipe_) != 0) {
      std::fprintf(stderr, "gzip failed\n");
      std::exit(4);
    }
    const auto size = std::filesystem::file_size(path_);
    std::filesystem::remove(path_);
    return size;
  }

 private:
  std::string path_;
  FILE* pipe_ = nullptr;
};

struct Args {
  int seconds = 3600, ports = 8, counters = 500;
  std::string dir = "/tmp";
  bool text = true;
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", s.c_str());
        std::exit(3);
      }
      return argv[++i];
    };
    if (s == "--seconds")
      a.seconds = std::atoi(value().c_str());
    else if (s == "--ports")
      a.ports = std::atoi(value().c_str());
    else if (s == "--counters")
      a.counters = std::atoi(value().c_str());
    else if (s == "--dir")
      a.dir = value();
    else if (s == "--no-text")
      a.text = false;
    else {
      std::fprintf(stderr, "usage: bench_record [--seconds N] [--ports P] [--counters C] [--dir DIR] [--no-text]\n");
      std::exit(3);
    }
  }
  if (a.seconds < 120 || a.ports < 1 || a.counters < 20) {
    std::fprintf(stderr, "need --seconds >= 120, --ports >= 1, --counters >= 20\n");
    std::exit(3);
  }
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  const std::string path = args.dir + "/bench-record-" + std::to_string(getpid()) + ".rdrec";
  const double counter_samples = static_cast<double>(args.seconds) * args.ports * args.counters;
  std::printf("synthetic mlx5-like mix: %d ports x %d counters, %d samples at 1 Hz (%.0f counter-samples)\n\n",
              args.ports, args.counters, args.seconds, counter_samples);

  // 1 + 2: write the recording and, in the same pass, the text log's compressed sizes.
  bench::SyntheticMix mix(args.ports, args.counters, 42);
  auto writer = roce::record::RecordWriter::open(path, {});
  if (!writer) {
    std::fprintf(stderr, "open %s: %s\n", path.c_str(), writer.error().message.c_str());
    return 4;
  }
  std::optional<ZstdCounter> zstd19;
  std::optional<GzipCounter> gzip6;
  if (args.text) {
    zstd19.emplace(19);
    gzip6.emplace(path + ".log.gz");
  }
  std::uint64_t text_bytes = 0;
  double append_cpu = 0;
  std::string text;
  for (int i = 0; i < args.seconds; ++i) {
    const auto& host = mix.next();
    const double c0 = cpu_seconds();
    if (auto ok = (*writer)->append(host); !ok) {
      std::fprintf(stderr, "append: %s\n", ok.error().message.c_str());
      return 4;
    }
    append_cpu += cpu_seconds() - c0;
    if (args.text) {
      text.clear();
      mix.append_text_log(text);
      text_bytes += text.size();
      zstd19->add(text, i + 1 == args.seconds);
      gzip6->add(text);
    }
  }
  if (auto ok = (*writer)->flush(); !ok) {
    std::fprintf(stderr, "flush: %s\n", ok.error().message.c_str());
    return 4;
  }
  writer->reset();
  const auto rec_bytes = std::filesystem::file_size(path);

  std::printf("| Storage of %d s | bytes | B/counter-sample | vs recording |\n|---|---|---|---|\n", args.seconds);
  auto size_row = [&](const char* what, double bytes) {
    std::printf("| %s | %.0f | %.3f | %.1fx |\n", what, bytes, bytes / counter_samples,
                bytes / static_cast<double>(rec_bytes));
  };
  size_row("roce-doctor recording", static_cast<double>(rec_bytes));
  if (args.text) {
    size_row("`ethtool -S` text log", static_cast<double>(text_bytes));
    size_row("text log, gzip -6", static_cast<double>(gzip6->finish()));
    size_row("text log, zstd -19", static_cast<double>(zstd19->bytes));
  }
  std::printf("\nappend: %.1f µs CPU per sweep of %d counters\n\n", append_cpu / args.seconds * 1e6,
              args.ports * args.counters);

  // 3: decode.
  std::uint64_t seen = 0;
  auto t0 = Clock::now();
  auto decoded = roce::record::for_each_sample(path, [&](const roce::model::Host&) {
    ++seen;
    return true;
  });
  const double decode_s = std::chrono::duration<double>(Clock::now() - t0).count();
  if (!decoded || seen != static_cast<std::uint64_t>(args.seconds)) {
    std::fprintf(stderr, "decode: %s (%llu samples)\n", decoded ? "wrong count" : decoded.error().message.c_str(),
                 static_cast<unsigned long long>(seen));
    return 4;
  }

  // 4: decode + the catalog once per 60 s window.
  const auto profile = roce::profile::default_profile();
  std::optional<roce::model::Host> window_start;
  std::uint64_t windows = 0, findings = 0;
  seen = 0;
  t0 = Clock::now();
  auto analysed = roce::record::for_each_sample(path, [&](const roce::model::Host& now) {
    if (seen++ % 60 == 0) {
      if (window_start) {
        const roce::engine::Context ctx(now, &*window_start, roce::engine::seconds_between(*window_start, now),
                                        profile);
        for (const auto& r : roce::checks::run_checks(ctx)) findings += r.findings.size();
        ++windows;
      }
      window_start = now;
    }
    return true;
  });
  const double analysis_s = std::chrono::duration<double>(Clock::now() - t0).count();
  if (!analysed) {
    std::fprintf(stderr, "analysis: %s\n", analysed.error().message.c_str());
    return 4;
  }
  std::filesystem::remove(path);

  std::printf("| Reading back | samples/s | a day at 1 Hz |\n|---|---|---|\n");
  std::printf("| decode (for_each_sample) | %.0f | %.2f s |\n", args.seconds / decode_s,
              86400.0 / (args.seconds / decode_s));
  std::printf("| decode + checks per 60 s window (%llu windows, %llu findings) | %.0f | %.2f s |\n",
              static_cast<unsigned long long>(windows), static_cast<unsigned long long>(findings),
              args.seconds / analysis_s, 86400.0 / (args.seconds / analysis_s));
  return 0;
}
