// `roce-doctor fleet` end to end on small fleets: folders, tar archives, paths on stdin, `check
// --json` outputs, simulated hosts, unreadable captures, HTML.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "captures/bundle.hpp"
#include "examples/cx6dx_example.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

using Json = nlohmann::json;

namespace {

namespace fs = std::filesystem;
using examples::Cx6dx;

const std::string kExamples = ROCE_EXAMPLES_DIR;

// A folder of its own under the temporary directory, removed with the fixture.
struct FleetDir {
  std::string path = temp_path("fleet-" + std::to_string(counter()));
  FleetDir() { fs::create_directories(path); }
  ~FleetDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  static int counter() {
    static int n = 0;
    return ++n;
  }

  // The example host's two samples as NAME.json, renamed NAME, with `change` applied to both.
  void add(Cx6dx kind, const std::string& name, void (*change)(model::Host&) = nullptr) const {
    captures::Bundle b;
    for (int i = 0; i < 2; ++i) {
      model::Host h = examples::cx6dx_sample(kind, i);
      h.hostname = name;
      if (change) change(h);
      b.samples.push_back(std::move(h));
    }
    REQUIRE(captures::write_bundle_file(path + "/" + name + ".json", b));
  }
};

void set_mtu_4200(model::Host& h) {
  for (auto& n : h.netdevs)
    if (n.name == "ens1f0np0") *n.mtu = 4200;
}

// Three healthy hosts, one with another MTU, one with ECN off.
void five_hosts(const FleetDir& d) {
  d.add(Cx6dx::healthy, "node01");
  d.add(Cx6dx::healthy, "node02");
  d.add(Cx6dx::healthy, "node03");
  d.add(Cx6dx::healthy, "node04", set_mtu_4200);
  d.add(Cx6dx::ecn_off, "node05");
}

const Json* finding(const Json& report, const std::string& id) {
  for (const auto& f : report["findings"])
    if (f["id"] == id) return &f;
  return nullptr;
}

std::string word(const std::string& s) { return "'" + s + "'"; }

}  // namespace

TEST_CASE("fleet CLI: a folder of bundles gives each finding's hosts and the one host whose MTU drifts") {
  FleetDir d;
  five_hosts(d);
  const auto r = run("fleet --json " + word(d.path));
  CHECK(r.exit_code == 2);  // ECN off on node05 is critical
  const Json j = Json::parse(r.out);
  CHECK(j["hosts"]["read"] == 5);
  CHECK(j["hosts"]["unreadable"] == 0);
  const Json* ecn = finding(j, "ECN-NIC");
  REQUIRE(ecn);
  CHECK((*ecn)["count"] == 1);
  CHECK((*ecn)["hosts"] == Json::array({"node05"}));
  std::vector<std::string> fields;
  for (const auto& drift : j["drift"]) fields.push_back(drift["field"]);
  // ECN off on node05 is drift too: the NP and RP enables differ from the four others.
  CHECK(fields == std::vector<std::string>{"mtu", "ecn np", "ecn rp"});
  const Json& mtu = j["drift"][0];
  CHECK(mtu["majority"] == "9000");
  CHECK(mtu["majority_hosts"] == 4);
  CHECK(mtu["hosts"] == Json::array({Json{{"host", "node04"}, {"value", "4200"}}}));
  CHECK(j["outliers"].size() == 1);
  CHECK(j["outliers"][0]["host"] == "node05");
}

TEST_CASE("fleet CLI: the text view names the drifting host and the finding's hosts") {
  FleetDir d;
  five_hosts(d);
  const auto t = run("fleet " + word(d.path));
  INFO(t.out);
  CHECK(t.out.find("fleet: 5 hosts read (4 healthy, 0 warning, 1 critical)") != std::string::npos);
  CHECK(t.out.find("  ConnectX-6 Dx ens1f0np0 mtu: majority 9000 (4 of 5 hosts)\n      node04: 4200\n") !=
        std::string::npos);
  CHECK(t.out.find("ECN-NIC          1 host: node05\n") != std::string::npos);
}

TEST_CASE("fleet CLI: --switch joins every host to the switch exports and lists each cable with its XSW findings") {
  FleetDir d;
  d.add(Cx6dx::healthy, "node01");
  d.add(Cx6dx::healthy, "node02");
  const std::string sw = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/switch/";
  // The host LLDP view (neighbour leaf01 etp1 on ens1f0np0) is given beside the switch: both hosts'
  // ens1f0np0 are joined to leaf01 Ethernet0.
  const std::string lldp = " --switch " + word(sw + "lldpctl_json_one_neighbour.json");
  const auto r =
      run("fleet --json " + word(d.path) + " --switch " + word(sw + "sonic_default_azure_config_db.json") + lldp);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  const Json j = Json::parse(r.out);
  REQUIRE(j["cables"].size() == 2);
  const Json& c = j["cables"][0];
  CHECK(c["host"] == "node01");
  CHECK(c["netdev"] == "ens1f0np0");
  CHECK(c["switch"] == "leaf01");
  CHECK(c["port"] == "Ethernet0");
  CHECK(c["join"] == "host LLDP");
  CHECK(c["verdict"] == "critical");
  REQUIRE(c["findings"].size() == 1);
  CHECK(c["findings"][0]["id"] == "XSW-DSCP-QUEUE");
  CHECK(c["findings"][0]["title"].get<std::string>().find("RoCE DSCP 26 of node01 ens1f0np0 <-> leaf01 Ethernet0") ==
        0);
  CHECK(j["cables"][1]["host"] == "node02");
  CHECK(finding(j, "XSW-DSCP-QUEUE")->at("hosts") == Json::array({"node01", "node02"}));

  const auto t = run("fleet " + word(d.path) + " --switch " + word(sw + "sonic_roce_dscp26_flat.json") + lldp);
  INFO(t.out << t.err);
  CHECK(t.exit_code == 0);
  CHECK(t.out.find("\nCables (host port <-> switch port, the cross checks XSW-* of each)\n"
                   "  node01 ens1f0np0 <-> leaf01 Ethernet0 (host LLDP): ok\n"
                   "  node02 ens1f0np0 <-> leaf01 Ethernet0 (host LLDP): ok\n") != std::string::npos);

  // Without --switch the report has no cables; an export roce-doctor cannot read is an input error.
  CHECK(Json::parse(run("fleet --json " + word(d.path)).out).count("cables") == 0);
  const auto bad = run("fleet " + word(d.path) + " --switch " + word(sw + "README.md"));
  CHECK(bad.exit_code == 3);
  CHECK(bad.err.find(sw + "README.md: not a switch export roce-doctor reads") != std::string::npos);
}

TEST_CASE("fleet CLI: an unreadable capture is listed with its error and never stops the rest") {
  FleetDir d;
  d.add(Cx6dx::healthy, "node01");
  d.add(Cx6dx::healthy, "node02");
  write_file(d.path + "/broken.json", "{\"format\": \"roce-doctor-bundle\", \"schema_version\": ");
  write_file(d.path + "/zz-empty.tar.gz", "not an archive");
  const auto r = run("fleet --json " + word(d.path) + " " + word(d.path + "/missing"));
  CHECK(r.exit_code == 1);
  const Json j = Json::parse(r.out);
  CHECK(j["hosts"]["read"] == 2);
  REQUIRE(j["errors"].size() == 3);
  CHECK(j["errors"][0]["path"] == d.path + "/broken.json");
  CHECK(j["errors"][0]["message"].get<std::string>().find("broken.json") != std::string::npos);
  CHECK(j["errors"][1]["path"] == d.path + "/zz-empty.tar.gz");
  CHECK(j["errors"][2]["path"] == d.path + "/missing");
}

TEST_CASE("fleet CLI: a tar archive of the fleet folder reads as the folder does") {
  FleetDir d;
  five_hosts(d);
  const std::string archive = d.path + ".tar.gz";
  REQUIRE(std::system(("tar -C " + word(d.path) + "/.. -czf " + word(archive) + " " +
                       word(fs::path(d.path).filename().string()))
                          .c_str()) == 0);
  const auto from_folder = run("fleet --json " + word(d.path));
  const auto from_archive = run("fleet --json " + word(archive));
  std::remove(archive.c_str());
  CHECK(from_archive.exit_code == from_folder.exit_code);
  CHECK(from_archive.out == from_folder.out);
  CHECK(Json::parse(from_archive.out)["hosts"]["read"] == 5);
}

TEST_CASE("fleet CLI: - reads the paths from stdin, one per line") {
  FleetDir d;
  five_hosts(d);
  const auto r = run("fleet --json -", "printf '%s\\n\\n%s\\n' " + word(d.path + "/node01.json") + " " +
                                           word(d.path + "/node05.json") + " |");
  const Json j = Json::parse(r.out);
  CHECK(j["hosts"]["read"] == 2);
  REQUIRE(finding(j, "ECN-NIC"));
  CHECK((*finding(j, "ECN-NIC"))["hosts"] == Json::array({"node05"}));
}

TEST_CASE("fleet CLI: check --json outputs take part with their findings") {
  FleetDir d;
  d.add(Cx6dx::healthy, "node01");
  const auto check = run("check --json --from " + word(kExamples + "/cx6dx-trust-pcp.json"));
  write_file(d.path + "/gpu-node-07.check.json", check.out);
  const auto r = run("fleet --json " + word(d.path));
  const Json j = Json::parse(r.out);
  CHECK(j["hosts"]["read"] == 2);
  const Json* trust = finding(j, "QOS-TRUST");
  REQUIRE(trust);
  CHECK((*trust)["hosts"].size() == 1);
  CHECK((*trust)["hosts"][0] != "node01");
  CHECK(j["drift"].empty());  // a check output holds no configuration to compare
}

TEST_CASE("fleet CLI: simulated hosts, one with a changed field, one pausing far more than the others") {
  FleetDir d;
  const std::string sims = kExamples + "/sim/";
  struct Sim {
    const char* model;
    const char* name;
  };
  for (const Sim& s : {Sim{"healthy.toml", "sim-a"}, Sim{"healthy.toml", "sim-b"}, Sim{"healthy.toml", "sim-c"},
                       Sim{"ecn-off.toml", "sim-d"}}) {
    const std::string model = d.path + "/" + s.name + ".toml";
    // The host's name in the [host] table; sim-c also runs with an MTU of 4200.
    REQUIRE(std::system(("sed -e 's/^name = .*/name = \"" + std::string(s.name) + "\"/' " +
                         (std::string(s.name) == "sim-c" ? "-e 's/^mtu = .*/mtu = 4200/' " : "") +
                         word(sims + s.model) + " > " + word(model))
                            .c_str()) == 0);
    const auto c = run("--host " + word("sim:" + model) + " collect --samples 2 --interval 5s -o " +
                           word(d.path + "/bundles/" + s.name + ".json"),
                       "mkdir -p " + word(d.path + "/bundles") + " &&");
    REQUIRE(c.exit_code == 0);
  }
  const auto r = run("fleet --json " + word(d.path + "/bundles"));
  const Json j = Json::parse(r.out);
  CHECK(j["hosts"]["read"] == 4);
  bool mtu_drift = false;
  for (const auto& drift : j["drift"])
    if (drift["field"] == "mtu")
      mtu_drift = drift["hosts"] == Json::array({Json{{"host", "sim-c"}, {"value", "4200"}}});
  CHECK(mtu_drift);
  REQUIRE(j["outliers"].size() == 1);
  CHECK(j["outliers"][0]["host"] == "sim-d");
}

TEST_CASE("fleet CLI: -o writes the HTML report, every capture string escaped") {
  FleetDir d;
  d.add(Cx6dx::healthy, "node01");
  d.add(Cx6dx::healthy, "node02");
  d.add(Cx6dx::healthy, "node<03>", set_mtu_4200);
  const std::string html = d.path + ".html";
  const auto r = run("fleet -o " + word(html) + " " + word(d.path));
  CHECK(r.exit_code == 1);
  const std::string page = slurp(html);
  std::remove(html.c_str());
  CHECK(page.starts_with("<!DOCTYPE html>"));
  CHECK(page.find("<h1>roce-doctor fleet</h1>") != std::string::npos);
  CHECK(page.find("<td>node&lt;03&gt;</td><td>4200</td>") != std::string::npos);
  CHECK(page.find("node<03>") == std::string::npos);
}

}  // namespace roce::test
