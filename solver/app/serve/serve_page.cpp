#include "solver/app/serve/serve_page.h"

#include "solver/report/html_format.h"

namespace dm::app::serve {

const PageFile* page_file(std::string_view path) {
  static const PageFile report_style{"/report.css", "text/css; charset=utf-8", report::html_report_style()};
  if (path == report_style.path) return &report_style;
  if (path == "/") path = "/index.html";
  for (const PageFile& file : page_files()) {
    if (file.path == path) return &file;
  }
  return nullptr;
}

}  // namespace dm::app::serve
