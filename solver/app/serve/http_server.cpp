#include "solver/app/serve/http_server.h"

#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <thread>

namespace dm::app::serve {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string url_decode(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 && hex_digit(text[i + 2]) >= 0) {
      out += char(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// The Host header names this server: the address it listens on, or a loopback name, with its
// port. Anything else is a browser sent here by another name (DNS rebinding).
bool allowed_host(const std::string& host, const std::string& listen_host, int port) {
  const std::string suffix = ":" + std::to_string(port);
  for (const std::string& name :
       {listen_host, std::string("localhost"), std::string("127.0.0.1"), std::string("[::1]")}) {
    if (host == name + suffix) return true;
  }
  return false;
}

// Waits at most `seconds` for each read of the request, so that a client that sends nothing
// does not hold a connection.
void set_read_timeout(tcp::socket& socket, int seconds) {
  timeval limit{};
  limit.tv_sec = seconds;
  ::setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
}

class SocketResponder final : public Responder {
 public:
  explicit SocketResponder(tcp::socket& socket) : socket_(socket) {}

  void reply(int status, const std::string& content_type, const std::string& body) override {
    if (answered_) return;
    answered_ = true;
    http::response<http::string_body> response{static_cast<http::status>(status), 11};
    response.set(http::field::server, "dmsolve");
    response.set(http::field::content_type, content_type);
    response.set(http::field::cache_control, "no-store");
    response.set("X-Content-Type-Options", "nosniff");
    response.keep_alive(false);
    response.body() = body;
    response.prepare_payload();
    beast::error_code ignored;
    http::write(socket_, response, ignored);
  }

  bool event(const std::string& name, const std::string& data) override {
    beast::error_code error;
    if (!answered_) {
      answered_ = streaming_ = true;
      const std::string head =
          "HTTP/1.1 200 OK\r\nServer: dmsolve\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
          "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n";
      asio::write(socket_, asio::buffer(head), error);
      gone_ = bool(error);
    }
    if (!streaming_ || gone_) return false;
    std::string text = "event: " + name + "\n";
    for (size_t start = 0;;) {
      const size_t end = data.find('\n', start);
      text += "data: " + data.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
      if (end == std::string::npos) break;
      start = end + 1;
    }
    asio::write(socket_, asio::buffer(text + "\n"), error);
    gone_ = bool(error);
    return !gone_;
  }

  bool answered() const { return answered_; }

 private:
  tcp::socket& socket_;
  bool answered_ = false;
  bool streaming_ = false;
  bool gone_ = false;
};

}  // namespace

std::map<std::string, std::string> parse_query(const std::string& query) {
  std::map<std::string, std::string> pairs;
  for (size_t start = 0; start <= query.size();) {
    size_t end = query.find('&', start);
    if (end == std::string::npos) end = query.size();
    const std::string pair = query.substr(start, end - start);
    if (!pair.empty()) {
      const size_t equals = pair.find('=');
      pairs[url_decode(pair.substr(0, equals))] =
          equals == std::string::npos ? "" : url_decode(pair.substr(equals + 1));
    }
    start = end + 1;
  }
  return pairs;
}

struct HttpServer::State {
  asio::io_context io;
  tcp::acceptor acceptor{io};
  asio::signal_set signals{io, SIGINT, SIGTERM};
  std::string host;
  int port = 0;
  Handler handler;
  std::mutex mutex;
  std::condition_variable idle;
  size_t connections = 0;  // guarded by mutex

  void serve(tcp::socket socket) const {
    set_read_timeout(socket, 10);
    beast::flat_buffer buffer;
    http::request_parser<http::string_body> parser;
    parser.body_limit(kMostBodyBytes);
    parser.header_limit(kMostHeaderBytes);
    beast::error_code error;
    http::read(socket, buffer, parser, error);
    SocketResponder out(socket);
    if (error) {
      if (error == http::error::body_limit || error == http::error::header_limit) {
        out.reply(413, "text/plain", "the request is too large\n");
      }
      return;
    }
    const auto& message = parser.get();
    const std::string host_header(message[http::field::host]);
    const std::string origin(message[http::field::origin]);
    if (!allowed_host(host_header, host, port)) {
      out.reply(403, "text/plain", "this server answers only to its own address (Host '" + host_header + "')\n");
    } else if (!origin.empty() && origin != "http://" + host_header) {
      out.reply(403, "text/plain", "requests from another site's page are refused (Origin '" + origin + "')\n");
    } else {
      Request request;
      request.method = std::string(message.method_string());
      const std::string target(message.target());
      const size_t question = target.find('?');
      request.path = target.substr(0, question);
      if (question != std::string::npos) request.query = parse_query(target.substr(question + 1));
      request.body = message.body();
      try {
        handler(request, out);
      } catch (const std::exception& e) {
        out.reply(500, "text/plain", std::string("internal error: ") + e.what() + "\n");
      }
      if (!out.answered()) out.reply(404, "text/plain", "no such page: " + request.path + "\n");
    }
    socket.shutdown(tcp::socket::shutdown_send, error);
  }

  void accept_next() {
    acceptor.async_accept([this](beast::error_code error, tcp::socket socket) {
      if (error) return;  // closed: the server stops
      std::unique_lock lock(mutex);
      if (connections >= kMostConnections) {
        lock.unlock();
        SocketResponder(socket).reply(503, "text/plain", "too many connections at once; try again\n");
      } else {
        ++connections;
        lock.unlock();
        std::thread([this, connection = std::move(socket)]() mutable {
          serve(std::move(connection));
          const std::lock_guard guard(mutex);
          --connections;
          idle.notify_all();
        }).detach();
      }
      accept_next();
    });
  }
};

HttpServer::HttpServer(std::unique_ptr<State> state) : state_(std::move(state)) {}
HttpServer::~HttpServer() = default;

Expected<std::unique_ptr<HttpServer>> HttpServer::listen(const std::string& host, int port, Handler handler) {
  auto state = std::make_unique<State>();
  beast::error_code error;
  const auto address = asio::ip::make_address(host == "localhost" ? "127.0.0.1" : host, error);
  if (error) return Expected<std::unique_ptr<HttpServer>>::failure("--listen: '" + host + "' is no IP address");
  const tcp::endpoint endpoint(address, static_cast<unsigned short>(port));
  state->acceptor.open(endpoint.protocol(), error);
  if (!error) state->acceptor.set_option(asio::socket_base::reuse_address(true), error);
  if (!error) state->acceptor.bind(endpoint, error);
  if (!error) state->acceptor.listen(asio::socket_base::max_listen_connections, error);
  if (error) {
    return Expected<std::unique_ptr<HttpServer>>::failure("--listen " + host + ":" + std::to_string(port) + ": " +
                                                          error.message());
  }
  state->host = host;
  state->port = state->acceptor.local_endpoint().port();
  state->handler = std::move(handler);
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(state)));
}

int HttpServer::port() const { return state_->port; }

void HttpServer::run(std::atomic<bool>& stopping) {
  State& s = *state_;
  s.signals.async_wait([&](const beast::error_code& error, int) {
    if (error) return;
    stopping = true;
    s.acceptor.close();
  });
  s.accept_next();
  s.io.run();
  // The handlers see `stopping` and end their searches; wait for them a little.
  std::unique_lock lock(s.mutex);
  s.idle.wait_for(lock, std::chrono::seconds(10), [&] { return s.connections == 0; });
}

void HttpServer::stop() {
  State& s = *state_;
  asio::post(s.io, [&s] {
    s.acceptor.close();
    s.signals.cancel();
  });
}

}  // namespace dm::app::serve
