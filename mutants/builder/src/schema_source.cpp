// Mutants are grouped by scope, and the scopes nest (the parser's extents do): each is written
// once as the reference and once per mutant on one line, the nested scopes still switched.
#include "tinyllm/builder/schema_source.hpp"

#include <algorithm>
#include <tuple>

namespace tinyllm::builder {
namespace {

using generator::SchemaForm;

struct Node {
  std::size_t begin = 0, end = 0;
  std::vector<const SchemaMutant*> mutants;
  std::vector<std::size_t> children;  // indices into the nodes, in source order
};

// A text as it stands in the file (its lines kept) and on one line (for the copies).
struct Text {
  std::string kept, flat;
  void append(const std::string& s) {
    kept += s;
    for (const char c : s) flat += (c == '\n' || c == '\r') ? ' ' : c;
  }
  void append(const Text& t) {
    kept += t.kept;
    flat += t.flat;
  }
};

bool overlaps(std::size_t b1, std::size_t e1, std::size_t b2, std::size_t e2) {
  return b1 < e2 && b2 < e1;
}

class Composer {
 public:
  Composer(const std::string& text, std::vector<Node>& nodes) : text_(text), nodes_(nodes) {}

  // The node with its mutants switched: the reference's text last, each mutant before it.
  Text render(const Node& n) const {
    Text out = body(n, nullptr);
    for (const SchemaMutant* m : n.mutants) {
      const std::string mutated = body(n, m).flat;
      std::string before = "(::tinyllm_schema::on(" + std::to_string(m->number) + ") ? ";
      switch (m->form) {
        case SchemaForm::Expression:
          before += "(" + mutated + ") : (";
          break;
        case SchemaForm::Condition:
          before += "static_cast<bool>(" + mutated + ") : static_cast<bool>(";
          break;
        case SchemaForm::ValueInitialized:
          before += "decltype(::tinyllm_schema::zero_of(" + out.flat + ")){} : (";
          break;
        case SchemaForm::Discarded:
          before += "static_cast<void>(0) : static_cast<void>(";
          break;
      }
      out = {before + out.kept + "))", before + out.flat + "))"};
    }
    return out;
  }

 private:
  // The node's bytes with its children rendered and, when `m` is given, m's text replaced.
  Text body(const Node& n, const SchemaMutant* m) const {
    Text out;
    std::size_t at = n.begin;
    auto copy_to = [&](std::size_t to) {
      out.append(text_.substr(at, to - at));
      at = to;
    };
    bool replaced = m == nullptr;
    auto replace = [&] {
      copy_to(m->begin);
      out.append(m->replacement);
      at = m->end;
      replaced = true;
    };
    for (const std::size_t c : n.children) {
      const Node& child = nodes_[c];
      if (!replaced && m->begin <= child.begin) replace();
      if (child.begin < at) continue;  // inside the replaced text
      copy_to(child.begin);
      out.append(render(child));
      at = child.end;
    }
    if (!replaced) replace();
    copy_to(n.end);
    return out;
  }

  const std::string& text_;
  std::vector<Node>& nodes_;
};

std::string quoted(const std::string& path) {
  std::string out;
  for (const char c : path) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

SchemaSource schema_source(const std::string& text, const std::vector<SchemaMutant>& mutants,
                           const std::string& prelude, const std::string& source_path,
                           const std::map<std::string, std::string>& excluded) {
  SchemaSource result;
  // 1. What cannot be placed at all.
  std::vector<const SchemaMutant*> kept;
  for (const SchemaMutant& m : mutants) {
    std::string why;
    if (const auto found = excluded.find(m.id); found != excluded.end())
      why = found->second;
    else if (m.scope_end > text.size() || m.begin < m.scope_begin || m.end > m.scope_end)
      why = "its changed text lies outside its scope (the file changed since it was generated)";
    else if (const std::string scope = text.substr(m.scope_begin, m.scope_end - m.scope_begin);
             scope.find("//") != std::string::npos || scope.find("\n#") != std::string::npos)
      why = "its expression holds a comment or a preprocessor line, which one line cannot hold";
    if (why.empty())
      kept.push_back(&m);
    else
      result.left_out[m.id] = why;
  }
  std::sort(kept.begin(), kept.end(), [](const SchemaMutant* a, const SchemaMutant* b) {
    return std::make_tuple(a->scope_begin, b->scope_end, a->number) <
           std::make_tuple(b->scope_begin, a->scope_end, b->number);
  });

  // 2. One node per scope, nested by a stack of the open scopes.
  std::vector<Node> nodes;
  std::vector<std::size_t> roots, open;
  for (const SchemaMutant* m : kept) {
    if (!nodes.empty() && nodes.back().begin == m->scope_begin &&
        nodes.back().end == m->scope_end) {
      nodes.back().mutants.push_back(m);
      continue;
    }
    while (!open.empty() && nodes[open.back()].end <= m->scope_begin) open.pop_back();
    if (!open.empty() && nodes[open.back()].end < m->scope_end) {
      result.left_out[m->id] = "its scope overlaps another mutant's scope without holding it";
      continue;
    }
    nodes.push_back({m->scope_begin, m->scope_end, {m}, {}});
    (open.empty() ? roots : nodes[open.back()].children).push_back(nodes.size() - 1);
    open.push_back(nodes.size() - 1);
  }
  // 3. A mutant whose changed text cuts across a nested scope cannot be written.
  for (Node& n : nodes) {
    std::vector<const SchemaMutant*> placeable;
    for (const SchemaMutant* m : n.mutants) {
      const bool cuts = std::any_of(n.children.begin(), n.children.end(), [&](std::size_t c) {
        const Node& child = nodes[c];
        return overlaps(m->begin, m->end, child.begin, child.end) &&
               !(m->begin <= child.begin && child.end <= m->end);
      });
      if (cuts)
        result.left_out[m->id] = "its changed text lies across a nested mutant's scope";
      else
        placeable.push_back(m);
    }
    n.mutants = std::move(placeable);
    for (const SchemaMutant* m : n.mutants) result.placed.push_back(m->id);
  }

  // 4. The file with its roots rendered.
  const Composer composer(text, nodes);
  std::string body;
  std::size_t at = 0;
  for (const std::size_t r : roots) {
    body.append(text, at, nodes[r].begin - at);
    body += composer.render(nodes[r]).kept;
    at = nodes[r].end;
  }
  body.append(text, at);

  std::sort(result.placed.begin(), result.placed.end());
  result.text = prelude + "\n#line 1 \"" + quoted(source_path) + "\"\n" + body;
  return result;
}

}  // namespace tinyllm::builder
