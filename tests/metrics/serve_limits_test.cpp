// The pieces of serve's limits on their own: the rate-limited log and the header deadline.
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "cli/header_deadlines.hpp"
#include "cli/rate_limited_log.hpp"

namespace roce::test {
namespace {

std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string text;
  for (int c; (c = std::fgetc(f)) != EOF;) text += static_cast<char>(c);
  return text;
}

bool readable_eof(int fd) {
  char c;
  return ::recv(fd, &c, 1, MSG_DONTWAIT) == 0;
}

}  // namespace

TEST_CASE("the rate-limited log writes one line per interval and counts the rest") {
  std::FILE* out = std::tmpfile();
  REQUIRE(out);
  cli::RateLimitedLog log(out, std::chrono::milliseconds(200));
  for (int i = 0; i < 100; ++i) log.write("Server reached connection limit. Closing inbound connection.\n");
  CHECK(contents(out) == "roce-doctor: serve: Server reached connection limit. Closing inbound connection.\n");
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  log.write("Error: client went away\n");
  const std::string text = contents(out);
  CHECK(text.find("roce-doctor: serve: Error: client went away (99 more messages in the last 0 s not shown)\n") !=
        std::string::npos);
  std::fclose(out);
}

TEST_CASE("a connection whose headers do not arrive within the limit is shut down; one that sent them is not") {
  int slow[2], quick[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, slow) == 0);
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, quick) == 0);
  {
    cli::HeaderDeadlines deadlines(std::chrono::milliseconds(150));
    int a = 0, b = 0;
    deadlines.opened(&a, slow[0]);
    deadlines.opened(&b, quick[0]);
    deadlines.headers_read(&b);
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    CHECK(readable_eof(slow[1]));
    CHECK_FALSE(readable_eof(quick[1]));
    CHECK(deadlines.cut() == 1);
    // The response is done: the next request's headers are due again.
    deadlines.awaiting_headers(&b);
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    CHECK(readable_eof(quick[1]));
    deadlines.closed(&a);
    deadlines.closed(&b);
    CHECK(deadlines.cut() == 2);
  }
  for (int fd : {slow[0], slow[1], quick[0], quick[1]}) ::close(fd);
}

}  // namespace roce::test
