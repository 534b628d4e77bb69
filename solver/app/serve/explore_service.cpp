#include "solver/app/serve/explore_service.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "solver/app/command.h"
#include "solver/app/serve/solve_service.h"
#include "solver/tree/temporary_file.h"

namespace dm::app::serve {

namespace {

constexpr int kMostSeconds = 24 * 3600;

// The first line of a file (the child's standard error), without its program prefix.
std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  const std::string prefix = "dmsolve explore: ";
  return line.rfind(prefix, 0) == 0 ? line.substr(prefix.size()) : line;
}

// Starts this program as `args`, its standard output discarded and its standard error to
// `errors`; 0 where it cannot.
pid_t spawn(const std::vector<std::string>& args, const std::string& errors) {
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  // The child starts with no signal blocked and Ctrl-C's default, whatever this thread has.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigset_t interrupt;
  sigemptyset(&none);
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &interrupt);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = 0;
  const int error = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return error == 0 ? pid : 0;
}

}  // namespace

void ExploreService::explore(const Request& request, Responder& out) {
  const auto failure = [&](const std::string& field, const std::string& message) {
    out.event("failure", nlohmann::json{{"field", field}, {"error", message}}.dump());
  };
  const std::string fen = request.field("fen");
  if (fen.empty()) return failure("fen", "no position: give a FEN");
  const auto folder = book_.proof_folder(fen);
  if (!folder) return failure("fen", folder.error());
  const std::string seconds_text = request.field("seconds");
  int seconds = 0;
  const auto [end, error] = std::from_chars(seconds_text.data(), seconds_text.data() + seconds_text.size(), seconds);
  if (error != std::errc() || end != seconds_text.data() + seconds_text.size() || seconds < 1 ||
      seconds > kMostSeconds) {
    return failure("seconds", "the time must be a whole number of seconds from 1 to " + std::to_string(kMostSeconds) +
                                  ", not '" + seconds_text + "'");
  }
  std::unique_lock busy(busy_, std::try_to_lock);
  if (!busy.owns_lock()) return failure("busy", "an explore is running: stop it first, or wait for it");
  std::error_code made;
  std::filesystem::create_directories(*folder, made);
  if (made) return failure("store", *folder + ": " + made.message());

  std::vector<std::string> args = {"dmsolve",     "explore",
                                   "--variant",   book_.variant(),
                                   "--store",     book_.path(),
                                   "--fen",       fen,
                                   "--time",      seconds_text,
                                   "--threads",   std::to_string(threads_),
                                   "--hash",      std::to_string(hash_mb_),
                                   "--proof-dir", *folder,
                                   "--zstd"};
  for (const std::string& rule : rule_words(book_.rules())) {
    args.emplace_back("--rule");
    args.push_back(rule);
  }
  const tree::TemporaryFile errors;
  const pid_t child = spawn(args, errors.path());
  if (!child) return failure("store", "the explore could not be started");
  {
    const std::lock_guard guard(child_mutex_);
    child_ = child;
  }
  const auto start = std::chrono::steady_clock::now();
  bool going = out.event("started", nlohmann::json{{"fen", fen}}.dump());
  int status = 0;
  for (int tick = 0;; ++tick) {
    if (waitpid(child, &status, WNOHANG) == child) break;
    if (!going || stopping_) ::kill(child, SIGINT);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (going && tick % 10 == 9) {
      const BookService::Count count = book_.count(fen);
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      going = out.event(
          "progress", nlohmann::json{{"seconds", elapsed}, {"moves", count.moves}, {"decided", count.decided}}.dump());
    }
  }
  {
    const std::lock_guard guard(child_mutex_);
    child_ = 0;
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (code != kExitOk && code != kExitInterrupted) {
    const std::string why = first_line(errors.path());
    return failure("store", why.empty() ? "the explore ended with exit code " + std::to_string(code) : why);
  }
  const BookService::Count count = book_.count(fen);
  const std::string message = std::string(code == kExitInterrupted ? "stopped" : "done") + ": " +
                              std::to_string(count.decided) + " of " + std::to_string(count.moves) + " moves decided";
  out.event("done", nlohmann::json{{"exit", code}, {"message", message}}.dump());
}

void ExploreService::stop() {
  const std::lock_guard guard(child_mutex_);
  if (child_) ::kill(child_, SIGINT);
}

}  // namespace dm::app::serve
