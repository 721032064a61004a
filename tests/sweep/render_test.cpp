// The views of a localization (src/sweep/render.hpp, drain.hpp): the HTML page and the drain line,
// on the localization of a small fabric model with one NIC at half rate.
#include <catch2/catch.hpp>

#include "fabric_model.hpp"
#include "sweep/drain.hpp"
#include "sweep/render.hpp"

namespace roce::test {

namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("the drain line names the blamed NIC's host and never ends its own quotes") {
  Model m(small_fabric());
  m.fabric.hosts[5].name = "gpu105";
  const HostRail x = *m.rails.of(5, 2);
  m.degrade({Kind::nic, x}, 0.5);
  const Run r = sweep(m);
  REQUIRE(r.last.suspects.size() == 1);
  CHECK(drain_line(m.fabric, r.last.suspects[0]) ==
        "scontrol update NodeName=gpu105 State=DRAIN Reason=\"roce-doctor sweep: gpu105 mlx5_2 NIC port\"");
  Suspect odd = r.last.suspects[0];
  m.fabric.hosts[5].name = "gpu\"105$(x)";
  CHECK(
      drain_line(m.fabric, odd) ==
      "scontrol update NodeName='gpu\"105$(x)' State=DRAIN Reason=\"roce-doctor sweep: gpu_105_(x) mlx5_2 NIC port\"");
  odd.component = {Kind::spine_link, 0};
  CHECK_FALSE(drain_line(m.fabric, odd).has_value());
}

TEST_CASE("the HTML page draws every NIC, marks the blamed one and escapes every name") {
  Model m(small_fabric());
  m.fabric.hosts[0].name = "<b>gpu100</b>";
  const HostRail x = *m.rails.of(5, 2);
  m.degrade({Kind::nic, x}, 0.5);
  const Run r = sweep(m);
  const std::string html = render_html(m.fabric, r.last, "results/ & more");
  CHECK(count(html, "<rect class=\"nic") == m.rails.size());
  CHECK(count(html, "<rect class=\"nic suspect\"") == 1);
  CHECK(html.find("<b>gpu100") == std::string::npos);
  CHECK(html.find("&lt;b&gt;gpu100&lt;/b&gt;") != std::string::npos);
  CHECK(html.find("results/ &amp; more") != std::string::npos);
  CHECK(html.find("scontrol update NodeName=gpu105 State=DRAIN") != std::string::npos);
  CHECK(html.find("<h2>Blamed</h2>") != std::string::npos);

  const std::string healthy = render_html(m.fabric, Localization{}, "none");
  CHECK(count(healthy, "suspect\"") == 0);
  CHECK(healthy.find("Nothing: every low result") != std::string::npos);
}

}  // namespace roce::test
