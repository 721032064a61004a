// DCB and tc values as text: the notation dcb(8) and tc(8) print and take.
#include <catch2/catch.hpp>

#include "model/dcb_text.hpp"
#include "model/qdisc.hpp"

namespace roce::test {

using namespace roce::model;

TEST_CASE("a PFC mask reads as dcb pfc prints prio-pfc, and as a list of priorities") {
  CHECK(prio_pfc_text(0x08) == "0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off");
  CHECK(prio_pfc_text(0x81) == "0:on 1:off 2:off 3:off 4:off 5:off 6:off 7:on");
  CHECK(pfc_mask_text(0x18) == "3,4");
  CHECK(pfc_mask_text(0) == "none");
}

TEST_CASE("buffer maps and sizes read as dcb buffer prints them") {
  CHECK(prio_buffer_text({0, 0, 0, 1, 0, 0, 0, 0}) == "0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0");
  CHECK(buffer_size_text({130944, 262016, 0, 0, 0, 0, 0, 0}) == "0:130944 1:262016 2:0 3:0 4:0 5:0 6:0 7:0");
}

TEST_CASE("the DSCP map lists only DSCP entries, in table order") {
  const std::vector<AppEntry> app = {{kAppSelDscp, 3, 26}, {kAppSelDgram, 3, 4791}, {kAppSelDscp, 6, 48}};
  CHECK(dscp_map_text(app) == "26:3 48:6");
  CHECK(dscp_map_text({{kAppSelDgram, 3, 4791}}) == "(none)");
}

TEST_CASE("APP entries read in dcb app's keywords") {
  CHECK(app_entry_text({kAppSelDgram, 3, 4791}) == "dgram-port-prio 4791:3");
  CHECK(app_entry_text({kAppSelStream, 4, 80}) == "stream-port-prio 80:4");
  CHECK(app_entry_text({kAppSelEthertype, 3, 0x8915}) == "ethtype-prio 0x8915:3");
  CHECK(app_entry_text({kAppSelAny, 5, 4791}) == "port-prio 4791:5");
  CHECK(app_entry_text({kAppSelDscp, 3, 26}) == "dscp-prio 26:3");
  CHECK(app_entry_text({kAppSelPcp, 1, 3}) == "pcp-prio 3:1");
  CHECK(app_entry_text({7, 2, 9}) == "selector-7 9:2");
}

TEST_CASE("tc handles read as tc prints them, root included") {
  CHECK(tc_handle_text(kTcRoot) == "root");
  CHECK(tc_handle_text(0x80010000) == "8001:");
  CHECK(tc_handle_text(0x10004) == "1:4");
  CHECK(tc_handle_text(0) == "0:");
  CHECK(tc_parent_text(kTcRoot) == "root");
  CHECK(tc_parent_text(0x10005) == "parent 1:5");
}

TEST_CASE("a RED probability reads as tc red takes it") {
  CHECK(probability_text(0.05) == "0.05");
  CHECK(probability_text(214748365 / 4294967296.0) == "0.05");
  CHECK(probability_text(1) == "1");
}

}  // namespace roce::test
