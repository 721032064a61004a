#pragma once
// Where the tests find the source tree's data and this build's programs. The paths are compiled
// into one small source (support/paths.cpp), so that no other test file's compilation depends on
// where the tree is checked out: the compiler cache then serves every clone. The ROCE_* names are
// what the tests spell; each is a `const char*`.

namespace roce::test::paths {

const char* source_dir();        // the checkout
const char* build_dir();         // this build tree
const char* fixtures_dir();      // tests/fixtures
const char* examples_dir();      // examples
const char* sim_examples_dir();  // examples/sim
const char* profiles_dir();      // profiles
const char* doctor_bin();        // the roce-doctor executable of this build
const char* make_examples_bin();
const char* make_man_checks_bin();
const char* apply_helper_bin();
const char* sim_apply_helper_bin();

}  // namespace roce::test::paths

#define ROCE_SOURCE_DIR (::roce::test::paths::source_dir())
#define ROCE_BUILD_DIR (::roce::test::paths::build_dir())
#define ROCE_FIXTURES_DIR (::roce::test::paths::fixtures_dir())
#define ROCE_EXAMPLES_DIR (::roce::test::paths::examples_dir())
#define ROCE_SIM_EXAMPLES_DIR (::roce::test::paths::sim_examples_dir())
#define ROCE_PROFILES_DIR (::roce::test::paths::profiles_dir())
#define ROCE_DOCTOR_BIN (::roce::test::paths::doctor_bin())
#define ROCE_MAKE_EXAMPLES_BIN (::roce::test::paths::make_examples_bin())
#define ROCE_MAKE_MAN_CHECKS_BIN (::roce::test::paths::make_man_checks_bin())
#define APPLY_HELPER (::roce::test::paths::apply_helper_bin())
#define SIM_APPLY_HELPER (::roce::test::paths::sim_apply_helper_bin())
