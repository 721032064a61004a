// judge/input: the one input path of the commands. Each input kind (captures, a simulated host,
// the live host read from a sysfs copy), the --dev filter and its errors, the profile option.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include <filesystem>
#include <string>

#include "judge/judge.hpp"
#include "model/host_filter.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"
#include "util/exit_codes.hpp"

namespace roce::test {

namespace {

using roce::judge::InputRequest;

// The request read from the system `global` names.
roce::Result<roce::judge::Input> read_input(const roce::judge::SystemSpec& global, InputRequest request) {
  request.system = global;
  return roce::judge::read_input(request);
}

const std::string kEcnOff =
    std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-ecn-off.json";  // gpu-node-07, 2 samples 60 s apart
const std::string kHealthy = std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-healthy.json";  // gpu-node-03
const std::string kCx7 = std::string(ROCE_FIXTURES_DIR) + "/sysfs/cx7";  // mlx5_0/ens41np0, mlx5_1/ens42np0

InputRequest from_captures(std::vector<std::string> files) {
  InputRequest r;
  r.captures = std::move(files);
  return r;
}

std::vector<std::string> netdev_names(const roce::model::Host& host) {
  std::vector<std::string> names;
  for (const auto& n : host.netdevs) names.push_back(n.name);
  return names;
}

std::vector<std::string> rdma_names(const roce::model::Host& host) {
  std::vector<std::string> names;
  for (const auto& d : host.rdma_devices) names.push_back(d.name);
  return names;
}

// A private copy of a simulator model: the simulator writes its clock back to the file.
class SimCopy {
 public:
  explicit SimCopy(const std::string& example) {
    std::filesystem::copy_file(std::string(ROCE_EXAMPLES_DIR) + "/sim/" + example, dir_ + "/" + example);
    spec_ = "sim:" + dir_ + "/" + example;
  }
  const std::string& spec() const { return spec_; }
  const std::string& dir() const { return dir_; }

 private:
  TempDir tmp_{"sim"};
  std::string dir_ = tmp_.path(), spec_;
};

}  // namespace

TEST_CASE("one capture gives its last sample now and its first before, apart by the capture's clocks") {
  auto in = read_input({}, from_captures({kEcnOff}));
  REQUIRE(in);
  CHECK(in->origin == "from bundle " + kEcnOff + ", samples 1 and 2 of 2, 60 s apart");
  CHECK(in->dt == 60);
  CHECK(in->capture_samples == 2);
  REQUIRE(in->before);
  CHECK(in->now.time_unix_ms - in->before->time_unix_ms == 60'000);
  CHECK(in->system == nullptr);
  CHECK_FALSE(in->whole_now);
}

TEST_CASE("two captures are put in time order; --dt overrides their clocks") {
  auto bundle = roce::captures::read_bundle_file(kEcnOff);
  REQUIRE(bundle);
  const std::string first = roce::test::temp_path("input-first.json");
  const std::string second = roce::test::temp_path("input-second.json");
  REQUIRE(roce::captures::write_bundle_file(first, {"0.1.0", 1, {bundle->samples[0]}, {}}));
  REQUIRE(roce::captures::write_bundle_file(second, {"0.1.0", 2, {bundle->samples[1]}, {}}));

  auto reversed = read_input({}, from_captures({second, first}));
  REQUIRE(reversed);
  CHECK(reversed->origin == "from bundles " + first + " and " + second + ", 60 s apart");
  CHECK(reversed->before->time_unix_ms < reversed->now.time_unix_ms);
  CHECK(reversed->capture_samples == 0);

  InputRequest given = from_captures({first, second});
  given.dt = 2.5;
  auto with_dt = read_input({}, given);
  REQUIRE(with_dt);
  CHECK(with_dt->dt == 2.5);
  CHECK(with_dt->origin == "from bundles " + first + " and " + second + ", 2.5 s apart (--dt)");
  std::remove(first.c_str());
  std::remove(second.c_str());
}

TEST_CASE("captures that cannot give one input are input errors") {
  const auto fails = [](const InputRequest& request, const std::string& message, const std::string& hint) {
    auto in = read_input({}, request);
    REQUIRE_FALSE(in);
    CHECK(in.exit_code() == roce::kExitInputError);
    CHECK(in.error().message == message);
    CHECK(in.error().hint == hint);
  };
  fails(from_captures({kEcnOff, kHealthy}),
        "bundles " + kEcnOff + " and " + kHealthy + " are of different hosts (\"gpu-node-07\" and \"gpu-node-03\")",
        "rates need two samples of the same host; give one --from to check each host alone");
  fails(from_captures({kEcnOff, kEcnOff, kEcnOff}), "--from given 3 times", "give one bundle, or two of the same host");
  InputRequest one_with_dt = from_captures({kEcnOff});
  one_with_dt.dt = 5;
  fails(one_with_dt, "--dt gives the time between two captures", "give --from twice, the earlier first");
  auto missing = read_input({}, from_captures({"/nonexistent/capture.json"}));
  REQUIRE_FALSE(missing);
  CHECK(missing.exit_code() == roce::kExitInputError);
  CHECK(missing.error().message.find("/nonexistent/capture.json") != std::string::npos);
}

TEST_CASE("--dev narrows now and before, keeps the sample as read, and names a device that is not there") {
  InputRequest lo = from_captures({kEcnOff});
  lo.dev = "lo";
  auto in = read_input({}, lo);
  REQUIRE(in);
  CHECK(netdev_names(in->now) == std::vector<std::string>{"lo"});
  CHECK(netdev_names(*in->before) == std::vector<std::string>{"lo"});
  CHECK(rdma_names(in->now_as_read()) == std::vector<std::string>{"mlx5_0"});

  InputRequest none = from_captures({kEcnOff});
  none.dev = "eth9";
  auto missing = read_input({}, none);
  REQUIRE_FALSE(missing);
  CHECK(missing.exit_code() == roce::kExitInputError);
  CHECK(missing.error().message == "no netdev or RDMA device named \"eth9\"");
  CHECK(missing.error().hint == "see `roce-doctor show` for the names");
}

TEST_CASE("a simulated host gives one sample, or two an interval apart on its own clock") {
  SimCopy sim("healthy.toml");
  const roce::judge::SystemSpec global{"", sim.spec()};
  auto once = read_input(global, {});
  REQUIRE(once);
  CHECK(once->origin == sim.spec() + ", configuration only");
  CHECK_FALSE(once->before);
  REQUIRE(once->system != nullptr);
  CHECK(once->system->name() == sim.spec());
  CHECK(once->now.hostname == "sim-healthy");

  InputRequest twice;
  twice.interval = std::chrono::seconds(30);  // a simulator does not sleep: this test stays fast
  auto in = read_input(global, twice);
  REQUIRE(in);
  CHECK(in->dt == 30);
  CHECK(in->origin == sim.spec() + ", 2 samples 30 s apart");
  CHECK(in->now.monotonic_ns - in->before->monotonic_ns == 30'000'000'000);
}

TEST_CASE("the live host is read as a system; a host without devices fails only where devices are required") {
  const roce::judge::SystemSpec cx7{kCx7, ""};
  auto all = read_input(cx7, {});
  REQUIRE(all);
  CHECK(all->origin == "live, configuration only");
  CHECK(all->system->name() == "live");
  CHECK(rdma_names(all->now) == std::vector<std::string>{"mlx5_0", "mlx5_1"});

  // --dev: a live system reads only that device; read_whole_host reads all and narrows after.
  InputRequest one;
  one.dev = "mlx5_1";
  auto narrow = read_input(cx7, one);
  REQUIRE(narrow);
  CHECK(netdev_names(narrow->now) == std::vector<std::string>{"ens42np0"});
  CHECK(rdma_names(narrow->now_as_read()) == std::vector<std::string>{"mlx5_1"});
  one.read_whole_host = true;
  auto whole = read_input(cx7, one);
  REQUIRE(whole);
  CHECK(netdev_names(whole->now) == std::vector<std::string>{"ens42np0"});
  CHECK(rdma_names(whole->now_as_read()) == std::vector<std::string>{"mlx5_0", "mlx5_1"});

  const TempDir empty("sysfs");  // a copy of the sysfs of a host without devices
  empty.mkdir("class");
  const roce::judge::SystemSpec nothing{empty.path(), ""};
  auto shown = read_input(nothing, {});
  REQUIRE(shown);
  CHECK(roce::model::host_is_empty(shown->now));
  InputRequest required;
  required.require_devices = true;
  auto judged = read_input(nothing, required);
  REQUIRE_FALSE(judged);
  CHECK(judged.exit_code() == roce::kExitRuntimeError);
  CHECK(judged.error().message == "could not read any netdev or RDMA device on this host");
  CHECK(judged.error().hint.find("--sysfs-root points at a copy of /sys") != std::string::npos);
  // With --dev the device is what is missing, an input error.
  required.dev = "eth9";
  auto named = read_input(nothing, required);
  REQUIRE_FALSE(named);
  CHECK(named.exit_code() == roce::kExitInputError);
  CHECK(named.error().message == "no netdev or RDMA device named \"eth9\"");
}

TEST_CASE("a --host that is no host is an input error") {
  auto in = read_input({"", "bogus"}, {});
  REQUIRE_FALSE(in);
  CHECK(in.exit_code() == roce::kExitInputError);
  CHECK(in.error().message == "--host \"bogus\" is not a host");
  CHECK(in.error().hint == "give live or sim:FILE.toml");
}

TEST_CASE("sample_device narrows every sample of a system and names a device that is not there") {
  SimCopy sim("healthy.toml");
  auto system = roce::judge::open_input_system({"", sim.spec()}, "mlx5_0");
  REQUIRE(system);
  CHECK_FALSE(roce::judge::runs_in_real_time(**system));
  auto host = roce::judge::sample_device(**system, "ens1f0np0");
  REQUIRE(host);
  CHECK(rdma_names(*host) == std::vector<std::string>{"mlx5_0"});
  auto missing = roce::judge::sample_device(**system, "eth9");
  REQUIRE_FALSE(missing);
  CHECK(missing.error().message == "no netdev or RDMA device named \"eth9\"");

  auto live = roce::judge::open_input_system({kCx7, "live"});
  REQUIRE(live);
  CHECK(roce::judge::runs_in_real_time(**live));
}

TEST_CASE("no_device_error says where the device is missing and where to find the names") {
  const auto e = roce::judge::no_device_error("eth9", " in a.json or b.json", "`roce-doctor show --from FILE` lists");
  CHECK(e.message == "no netdev or RDMA device named \"eth9\" in a.json or b.json");
  CHECK(e.hint == "`roce-doctor show --from FILE` lists");
}

TEST_CASE("--profile: the built-in default, a name, a file, and the errors of each") {
  auto builtin = roce::judge::load_profile("");
  REQUIRE(builtin);
  CHECK(roce::judge::profile_label(*builtin) == "roce-lossless (built-in)");

  // Only the roce-doctor binary of a build tree looks in the source tree; this test is not that binary.
  ::setenv("ROCE_DOCTOR_PROFILE_DIR", (std::string(ROCE_SOURCE_DIR) + "/profiles").c_str(), 1);
  auto named = roce::judge::load_profile("roce-lossless-pcp");
  REQUIRE(named);
  CHECK(named->name == "roce-lossless-pcp");
  CHECK(roce::judge::profile_label(*named) == "roce-lossless-pcp (" + named->file + ")");
  CHECK(named->file.ends_with("roce-lossless-pcp.toml"));

  auto unknown = roce::judge::load_profile("no-such-profile");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error().message.rfind("no profile named \"no-such-profile\" (looked in ", 0) == 0);
  CHECK(unknown.error().hint.find("roce-lossless-pcp") != std::string::npos);
  ::unsetenv("ROCE_DOCTOR_PROFILE_DIR");

  const std::string file = roce::test::temp_path("input-profile.toml");
  roce::test::write_file(file, "[profile]\nname = \"mine\"\n[qos]\ntrust = \"dcsp\"\n");
  auto broken = roce::judge::load_profile(file);
  REQUIRE_FALSE(broken);
  CHECK(broken.error().message.find(file + ":4:9: qos.trust must be \"dscp\" or \"pcp\"") != std::string::npos);
  roce::test::write_file(file, "[profile]\nname = \"mine\"\n");
  auto mine = roce::judge::load_profile(file);
  REQUIRE(mine);
  CHECK(roce::judge::profile_label(*mine) == "mine (" + file + ")");
  std::remove(file.c_str());
}

}  // namespace roce::test
