// Slurm host list expressions (src/fabric/hostlist.hpp), against what `scontrol show hostnames`
// prints for the same expressions (Slurm 22.05).
#include <catch2/catch.hpp>

#include "fabric/hostlist.hpp"

namespace roce::test {

using fabric::compress_hostlist;
using fabric::expand_hostlist;
using Names = std::vector<std::string>;

TEST_CASE("a host list expands as scontrol show hostnames does") {
  CHECK(*expand_hostlist("gpu[001-003,010]") == Names{"gpu001", "gpu002", "gpu003", "gpu010"});
  CHECK(*expand_hostlist("gpu[8-10]") == Names{"gpu8", "gpu9", "gpu10"});
  CHECK(*expand_hostlist("gpu[08-10]") == Names{"gpu08", "gpu09", "gpu10"});
  CHECK(*expand_hostlist("a[1-2]-ib[3-4]") == Names{"a1-ib3", "a1-ib4", "a2-ib3", "a2-ib4"});
  CHECK(*expand_hostlist("login1,gpu[1-2],cpu7") == Names{"login1", "gpu1", "gpu2", "cpu7"});
  CHECK(*expand_hostlist("node") == Names{"node"});
  CHECK(expand_hostlist("")->empty());
}

TEST_CASE("a malformed host list is refused with its column") {
  for (const char* bad : {"gpu[1-", "gpu1-2]", "gpu[a-b]", "gpu[3-1]", "gpu[1-2", "gpu[]", "a, b", "gpu[0-99999999]",
                          "x[0-999]y[0-999]z[0-9]", ",gpu1"}) {
    INFO(bad);
    const auto r = expand_hostlist(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("column") != std::string::npos);
  }
  CHECK(expand_hostlist("gpu[3-1]").error().message ==
        "host list \"gpu[3-1]\", column 5: the range 3-1 runs backwards");
}

TEST_CASE("a host list compresses as Slurm writes it and expands back") {
  CHECK(compress_hostlist({"gpu001", "gpu002", "gpu003", "gpu007"}) == "gpu[001-003,007]");
  CHECK(compress_hostlist({"gpu9", "gpu10", "gpu11"}) == "gpu[9-11]");
  CHECK(compress_hostlist({"gpu099", "gpu100", "gpu101"}) == "gpu[099-101]");
  CHECK(compress_hostlist({"login", "gpu1"}) == "login,gpu1");
  const Names many = *expand_hostlist("gpu[001-128],cpu[1-4,9]");
  CHECK(*expand_hostlist(compress_hostlist(many)) == many);
}

}  // namespace roce::test
