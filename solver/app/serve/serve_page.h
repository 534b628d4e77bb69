#pragma once
// The page of `dmsolve serve` (docs/serve.md): its files (solver/app/serve/page/: the HTML, its
// style, the board and the page's script) built into the binary by page/embed.cmake, so that
// the server needs nothing beside it and the page nothing from elsewhere.

#include <string_view>
#include <vector>

namespace dm::app::serve {

struct PageFile {
  std::string_view path;  // "/index.html", "/board.js", ...
  std::string_view content_type;
  std::string_view bytes;
};

// Every file of the page (made by embed.cmake).
const std::vector<PageFile>& page_files();

// The file served at `path` ("/" is /index.html; /report.css the solution pages' style), or
// null where there is none.
const PageFile* page_file(std::string_view path);

}  // namespace dm::app::serve
