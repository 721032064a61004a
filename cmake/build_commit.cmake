# Run at every build (cmake -P): writes OUTPUT, a C++ source that defines the commit this binary is
# built from (`git describe --always --dirty` of SOURCE_DIR), or "unknown" when SOURCE_DIR is not
# the top of a git checkout (a release tarball, even one unpacked inside another repository) or git
# is missing. Never fails; rewrites OUTPUT only when the text changes, so nothing rebuilds otherwise.
set(commit "unknown")
find_program(GIT git)
if(GIT)
  execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} rev-parse --show-toplevel
                  OUTPUT_VARIABLE top RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  file(REAL_PATH "${SOURCE_DIR}" source_real)
  if(rc EQUAL 0 AND top)
    file(REAL_PATH "${top}" top_real)
  endif()
  if(rc EQUAL 0 AND top_real STREQUAL source_real)
    # --no-optional-locks: the dirty check must not take the index lock a user's git command needs.
    execute_process(COMMAND ${GIT} --no-optional-locks -C ${SOURCE_DIR} describe --always --dirty --abbrev=12
                    OUTPUT_VARIABLE described RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(rc EQUAL 0 AND described MATCHES "^[A-Za-z0-9._+-]+$")
      set(commit "${described}")
    endif()
  endif()
endif()
file(CONFIGURE OUTPUT "${OUTPUT}" CONTENT
"// Generated at build time by cmake/build_commit.cmake: the checkout this binary was built from.
namespace roce::cli {
extern const char* const kBuildCommit;
const char* const kBuildCommit = \"${commit}\";
}  // namespace roce::cli
" @ONLY)
