// dmsolve serve: the solver in a web page on this machine (docs/serve.md). It listens on
// 127.0.0.1:8080 unless told otherwise, serves the page and its small API, and solves one
// problem at a time with --threads and --hash; Ctrl-C stops it (exit 130).

#include <atomic>
#include <boost/program_options.hpp>
#include <charconv>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/option_checks.h"
#include "solver/app/serve/book_service.h"
#include "solver/app/serve/explore_service.h"
#include "solver/app/serve/http_server.h"
#include "solver/app/serve/serve_page.h"
#include "solver/app/serve/solve_service.h"
#include "solver/app/tree_output.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_graph.h"
#include "solver/report/proof_view.h"

namespace dm::app {

namespace {

// "HOST:PORT" split, the port from 0 (any free one) to 65535.
Expected<std::pair<std::string, int>> listen_address(const std::string& text) {
  const size_t colon = text.rfind(':');
  int port = -1;
  if (colon != std::string::npos) {
    const char* begin = text.data() + colon + 1;
    const auto [end, error] = std::from_chars(begin, text.data() + text.size(), port);
    if (error != std::errc() || end != text.data() + text.size()) port = -1;
  }
  if (colon == std::string::npos || colon == 0 || port < 0 || port > 65535) {
    return Expected<std::pair<std::string, int>>::failure("--listen must be HOST:PORT (127.0.0.1:8080), not '" + text +
                                                          "'");
  }
  return std::pair{text.substr(0, colon), port};
}

void reply_json(serve::Responder& out, int status, const nlohmann::json& json) {
  out.reply(status, "application/json", json.dump());
}

// The proofs of the book's moves: the file itself, shown as a page, or checked with the rules.
void route_proof(const serve::Request& request, serve::Responder& out, const serve::BookService& book) {
  const auto file = book.proof_file(request.field("position"), request.field("move"));
  if (!file) return reply_json(out, 404, {{"error", file.error()}});
  if (request.path == "/api/proof") {
    std::ifstream in(*file, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!in) return reply_json(out, 500, {{"error", *file + ": cannot be read"}});
    return out.reply(200, "application/zstd", bytes);
  }
  const proof::CheckResult checked = proof::check_proof(*file, {});
  if (request.path == "/api/proof/check") {
    if (!checked.accepted()) return reply_json(out, 200, {{"accepted", false}, {"error", checked.flaw()}});
    return reply_json(out, 200,
                      {{"accepted", true},
                       {"nodes", checked.nodes},
                       {"depth", checked.depth},
                       {"winner", *checked.winner == Color::White ? "White" : "Black"}});
  }
  if (!checked.accepted()) return out.reply(422, "text/plain", *file + ": " + checked.flaw() + "\n");
  const auto graph = proof::ProofGraph::read(*file, proof::ProofGraph::Keep::Everything, checked.nodes);
  if (!graph) return out.reply(500, "text/plain", graph.error() + "\n");
  const std::string name = request.field("move") + " in " + request.field("position");
  out.reply(200, "text/html; charset=utf-8", report::proof_html(*graph, {name, 3}));
}

// The page, its API, and 405 for a known path asked with another method.
void route(const serve::Request& request, serve::Responder& out, serve::SolveService& solver,
           const serve::BookService* book, serve::ExploreService* explorer) {
  const auto only = [&](const char* method) {
    if (request.method == method) return true;
    out.reply(405, "text/plain", request.path + " takes " + method + "\n");
    return false;
  };
  const auto with_book = [&](const char* method) {
    if (!only(method)) return false;
    if (book) return true;
    reply_json(out, 404, {{"error", "no opening book: start dmsolve serve with --store FILE"}});
    return false;
  };
  if (const serve::PageFile* file = serve::page_file(request.path)) {
    if (only("GET")) out.reply(200, std::string(file->content_type), std::string(file->bytes));
  } else if (request.path == "/api/explore") {
    if (with_book("POST")) explorer->explore(request, out);
  } else if (request.path == "/api/explore/stop") {
    if (!with_book("POST")) return;
    explorer->stop();
    reply_json(out, 200, {{"stopped", true}});
  } else if (request.path == "/api/proof" || request.path == "/api/proof/view") {
    if (with_book("GET")) route_proof(request, out, *book);
  } else if (request.path == "/api/proof/check") {
    if (with_book("POST")) route_proof(request, out, *book);
  } else if (request.path == "/api/variants") {
    if (only("GET")) out.reply(200, "application/json", serve::variants_json());
  } else if (request.path == "/api/solve") {
    if (only("GET")) solver.solve(request, out);
  } else if (request.path == "/api/verify") {
    if (only("POST")) solver.verify(request, out);
  } else if (request.path == "/api/book") {
    if (!with_book("GET")) return;
    const auto json = book->book_json();
    if (json) {
      out.reply(200, "application/json", *json);
    } else {
      out.reply(500, "application/json", nlohmann::json{{"error", json.error()}}.dump());
    }
  } else if (request.path == "/api/stop") {
    if (only("POST")) {
      solver.stop();
      out.reply(200, "application/json", "{\"stopped\":true}");
    }
  }
}

}  // namespace

int run_serve(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string listen;
  std::string store;
  TreeSettings settings;
  po::options_description options("dmsolve serve options");
  // clang-format off
  options.add_options()
      ("help,h", "show this help")
      ("listen", po::value(&listen)->default_value("127.0.0.1:8080"), "HOST:PORT to listen on (port 0: any free one). An address other than 127.0.0.1 lets every machine that reaches it use the solver, with this machine's memory and threads")
      ("threads,t", po::value(&settings.threads)->default_value(0), "worker threads of the searches (0: every hardware thread)")
      ("hash", po::value(&settings.hash_mb)->default_value(default_hash_megabytes()), "the most memory of the searches' table and scratch, in MiB")
      ("time", po::value(&settings.seconds)->default_value(300), "stop each search after this many seconds (0: no limit)")
      ("store", po::value(&store), "an explore store to show as the opening book; the page may explore its positions (a folder S.book-proofs keeps their proofs)");
  // clang-format on
  const CommandLine line{
      "serve",
      "usage: dmsolve serve [--listen 127.0.0.1:8080] [--threads N] [--hash MB] [--time S] [--store S]\n"
      "Serves the solver as a web page: open the address it prints. One search at a time;\n"
      "Ctrl-C stops the server (exit code 130).\n",
      options};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;
  for (const auto& error : {threads_error(settings.threads), megabytes_error("--hash", settings.hash_mb, 1),
                            seconds_error("--time", settings.seconds)}) {
    if (error) return report_bad_input("serve", *error);
  }
  const auto address = listen_address(listen);
  if (!address) return report_bad_input("serve", address.error());

  std::unique_ptr<serve::BookService> book;
  if (!store.empty()) {
    auto opened = serve::BookService::open(store);
    if (!opened) return report_bad_input("serve", opened.error());
    book = std::move(*opened);
  }
  std::atomic<bool> stopping{false};
  serve::SolveService solver(settings, stopping);
  std::unique_ptr<serve::ExploreService> explorer;
  if (book) explorer = std::make_unique<serve::ExploreService>(*book, settings.threads, settings.hash_mb, stopping);
  auto server = serve::HttpServer::listen(address->first, address->second,
                                          [&](const serve::Request& request, serve::Responder& out) {
                                            route(request, out, solver, book.get(), explorer.get());
                                          });
  if (!server) return report_bad_input("serve", server.error());
  std::cout << "dmsolve serve: listening on http://" << address->first << ":" << (*server)->port() << "/ (Ctrl-C stops)"
            << std::endl;
  (*server)->run(stopping);
  return stopping ? kExitInterrupted : kExitOk;
}

}  // namespace dm::app
