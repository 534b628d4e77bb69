#pragma once
// The HTTP side of `dmsolve serve` (docs/serve.md), on Boost.Beast: it listens on one address,
// takes each connection on a thread of its own (at most kMostConnections at once, the others
// answered 503), reads one request within size limits, refuses a request whose Host is not the
// address it listens on (DNS rebinding) or whose Origin is another site's (a page elsewhere
// driving the user's browser), and hands the rest to the caller's handler. A reply is either
// whole (status, type, body) or a stream of server-sent events that ends when the handler
// returns. SIGINT or SIGTERM stop it: run() returns once the connections have ended.

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "rules/expected.h"

namespace dm::app::serve {

struct Request {
  std::string method;                        // GET, POST, ...
  std::string path;                          // without the query
  std::map<std::string, std::string> query;  // decoded ?a=b&c=d
  std::string body;

  // The query's field `name`, "" where it has none.
  std::string field(const std::string& name) const {
    const auto found = query.find(name);
    return found == query.end() ? "" : found->second;
  }
};

// How a handler answers: once with reply(), or with events (the first one starts the stream).
class Responder {
 public:
  virtual ~Responder() = default;
  virtual void reply(int status, const std::string& content_type, const std::string& body) = 0;
  // One server-sent event; false once the client has gone (the handler should stop).
  virtual bool event(const std::string& name, const std::string& data) = 0;
};

using Handler = std::function<void(const Request&, Responder&)>;

class HttpServer {
 public:
  static constexpr size_t kMostConnections = 32;
  static constexpr size_t kMostBodyBytes = 1 << 20;  // an uploaded problem file
  static constexpr size_t kMostHeaderBytes = 16 << 10;

  // Listens on host:port (port 0: any free port); why not where it cannot.
  static Expected<std::unique_ptr<HttpServer>> listen(const std::string& host, int port, Handler handler);
  ~HttpServer();

  int port() const;
  // Serves until SIGINT or SIGTERM (then sets `stopping`, which handlers read) or stop().
  void run(std::atomic<bool>& stopping);
  void stop();

 private:
  struct State;
  explicit HttpServer(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// The query string's pairs, %XX and + decoded.
std::map<std::string, std::string> parse_query(const std::string& query);

}  // namespace dm::app::serve
