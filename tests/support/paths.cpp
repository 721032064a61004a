// The paths of support/paths.hpp, from the build's compile definitions (tests/CMakeLists.txt).
#include "support/paths.hpp"

namespace roce::test::paths {

const char* source_dir() { return ROCE_PATH_SOURCE; }
const char* build_dir() { return ROCE_PATH_BUILD; }
const char* fixtures_dir() { return ROCE_PATH_SOURCE "/tests/fixtures"; }
const char* examples_dir() { return ROCE_PATH_SOURCE "/examples"; }
const char* sim_examples_dir() { return ROCE_PATH_SOURCE "/examples/sim"; }
const char* profiles_dir() { return ROCE_PATH_SOURCE "/profiles"; }
const char* doctor_bin() { return ROCE_PATH_DOCTOR_BIN; }
const char* make_examples_bin() { return ROCE_PATH_MAKE_EXAMPLES_BIN; }
const char* make_man_checks_bin() { return ROCE_PATH_MAKE_MAN_CHECKS_BIN; }
const char* apply_helper_bin() { return ROCE_PATH_APPLY_HELPER_BIN; }
const char* sim_apply_helper_bin() { return ROCE_PATH_SIM_APPLY_HELPER_BIN; }

}  // namespace roce::test::paths
