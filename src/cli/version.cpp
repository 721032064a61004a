#include "cli/version.hpp"

#include <zstd.h>

#include <fmt/core.h>
#include <CLI/Version.hpp>

namespace roce::cli {

extern const char* const kBuildCommit;  // build_commit.cpp, generated at build time

std::string version_text() {
  const std::string fmt_version = std::to_string(FMT_VERSION / 10000) + "." + std::to_string(FMT_VERSION / 100 % 100) +
                                  "." + std::to_string(FMT_VERSION % 100);
  return std::string("roce-doctor ") + ROCE_DOCTOR_VERSION + "\n" +                   //
         "commit: " + kBuildCommit + "\n" +                                           //
         "built with: libibverbs " ROCE_IBVERBS_VERSION ", libmnl " ROCE_MNL_VERSION  //
         ", zstd " ZSTD_VERSION_STRING ", fmt " +
         fmt_version +
         ", CLI11 " CLI11_VERSION  //
         ", toml++ " ROCE_TOMLPP_VERSION ", nlohmann-json " ROCE_NLOHMANN_JSON_VERSION "\n" +
         "zstd at run time: " + ZSTD_versionString();
}

}  // namespace roce::cli
