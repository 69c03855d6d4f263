// Walks the function bodies of a parsed file, visiting only code that runs (docs/mutants.md, "How
// it finds operators"). First, the wrappers over libclang's C API that sites.hpp declares.
#include "sites.hpp"

namespace tinyllm::generator::clang {

std::string take(CXString s) {
  const char* text = clang_getCString(s);
  std::string result = text ? text : "";
  clang_disposeString(s);
  return result;
}

ByteRange byte_range(CXSourceRange extent) {
  unsigned begin = 0;
  unsigned end = 0;
  clang_getSpellingLocation(clang_getRangeStart(extent), nullptr, nullptr, nullptr, &begin);
  clang_getSpellingLocation(clang_getRangeEnd(extent), nullptr, nullptr, nullptr, &end);
  return {begin, end};
}

ByteRange byte_range(CXCursor cursor) {
  return byte_range(clang_getCursorExtent(cursor));
}

bool written_in_main_file(CXCursor cursor) {
  const CXSourceRange extent = clang_getCursorExtent(cursor);
  for (const CXSourceLocation at : {clang_getRangeStart(extent), clang_getRangeEnd(extent)}) {
    if (!clang_Location_isFromMainFile(at)) return false;
    // Inside a macro expansion the expansion and spelling locations differ.
    unsigned expansion = 0;
    unsigned spelling = 0;
    clang_getExpansionLocation(at, nullptr, nullptr, nullptr, &expansion);
    clang_getSpellingLocation(at, nullptr, nullptr, nullptr, &spelling);
    if (expansion != spelling) return false;
  }
  return true;
}

std::vector<CXCursor> children(CXCursor cursor) {
  std::vector<CXCursor> result;
  clang_visitChildren(
      cursor,
      [](CXCursor child, CXCursor, CXClientData data) {
        static_cast<std::vector<CXCursor>*>(data)->push_back(child);
        return CXChildVisit_Continue;
      },
      &result);
  return result;
}

std::vector<Token> tokens(CXTranslationUnit unit, CXCursor cursor) {
  CXToken* raw = nullptr;
  unsigned count = 0;
  clang_tokenize(unit, clang_getCursorExtent(cursor), &raw, &count);
  std::vector<Token> result;
  result.reserve(count);
  for (unsigned i = 0; i < count; ++i)
    result.push_back({take(clang_getTokenSpelling(unit, raw[i])), clang_getTokenKind(raw[i]),
                      byte_range(clang_getTokenExtent(unit, raw[i]))});
  clang_disposeTokens(unit, raw, count);
  return result;
}

bool is_arithmetic(CXType type) {
  CXType canonical = clang_getCanonicalType(type);
  if (canonical.kind == CXType_LValueReference || canonical.kind == CXType_RValueReference)
    canonical = clang_getCanonicalType(clang_getPointeeType(canonical));
  if (canonical.kind == CXType_Enum) return true;
  return canonical.kind >= CXType_Bool && canonical.kind <= CXType_LongDouble;
}

}  // namespace tinyllm::generator::clang

namespace tinyllm::generator {
namespace {

struct Walker {
  SiteSink sink;
  bool returns_arithmetic = false;  // of the innermost function; false inside a lambda

  void visit_children(CXCursor cursor) {
    for (const CXCursor child : clang::children(cursor)) visit(child);
  }

  void visit_conditional(CXCursor statement) {
    const ConditionalParts parts = conditional_parts(sink.unit, statement);
    // A variant guard: `is_mutant(N)` (or a wheat's `is_wheat(N)`) selects the then-branch only
    // in variant N, `!is_mutant(N)` selects the else-branch only there. Mutating the guard or
    // those branches is pointless: the reference never runs them.
    const bool guard = parts.condition_text.find("is_mutant (") != std::string::npos ||
                       parts.condition_text.find("is_wheat (") != std::string::npos;
    if (guard || parts.is_constexpr) {  // an if-constexpr condition is no site either
      const bool negated = !parts.condition_text.empty() && parts.condition_text[0] == '!';
      for (std::size_t i = 0; i < parts.branches.size(); ++i)
        if (!guard || (negated ? i == 0 : i == 1)) visit(parts.branches[i]);
      return;
    }
    add_condition_sites(sink, parts);
    if (parts.condition) {
      visit(*parts.condition);
      for (const CXCursor branch : parts.branches) visit(branch);
    } else {
      visit_children(statement);  // a condition variable or an init-statement
    }
  }

  void visit(CXCursor cursor) {
    if (!clang::written_in_main_file(cursor)) return;
    switch (clang_getCursorKind(cursor)) {
      case CXCursor_TypeRef:
      case CXCursor_TemplateRef:
      case CXCursor_NamespaceRef:
      case CXCursor_MemberRef:
      case CXCursor_DeclRefExpr:
      case CXCursor_OverloadedDeclRef:
      case CXCursor_UnaryExpr:  // sizeof, alignof: unevaluated
      case CXCursor_StaticAssert:
      case CXCursor_TypeAliasDecl:
      case CXCursor_TypedefDecl:
      case CXCursor_ClassDecl:
      case CXCursor_StructDecl:
      case CXCursor_EnumDecl:
        return;
      case CXCursor_VarDecl: {
        const CXCursor init = clang_Cursor_getVarDeclInitializer(cursor);
        if (!clang_Cursor_isNull(init)) visit(init);
        return;
      }
      case CXCursor_MemberRefExpr: {
        // Only the object expression, written before the member's name; explicit template
        // arguments come after it.
        const std::vector<CXCursor> inner = clang::children(cursor);
        unsigned name_offset = 0;
        clang_getSpellingLocation(clang_getCursorLocation(cursor), nullptr, nullptr, nullptr,
                                  &name_offset);
        if (!inner.empty() && clang::byte_range(inner[0]).end <= name_offset) visit(inner[0]);
        return;
      }
      case CXCursor_CaseStmt: {
        const std::vector<CXCursor> inner = clang::children(cursor);
        for (std::size_t i = 1; i < inner.size(); ++i) visit(inner[i]);
        return;
      }
      case CXCursor_IfStmt:
      case CXCursor_WhileStmt:
        visit_conditional(cursor);
        return;
      case CXCursor_CompoundStmt:
        for (const CXCursor statement : clang::children(cursor)) {
          if (clang::written_in_main_file(statement)) add_call_statement_sites(sink, statement);
          visit(statement);
        }
        return;
      case CXCursor_LambdaExpr: {
        const bool outer = returns_arithmetic;
        returns_arithmetic = false;  // a lambda's return type is deduced: `return {};` fails
        visit_children(cursor);
        returns_arithmetic = outer;
        return;
      }
      case CXCursor_BinaryOperator:
      case CXCursor_CompoundAssignOperator:
        add_operator_sites(sink, cursor);
        break;
      case CXCursor_UnaryOperator:
        add_unary_operator_sites(sink, cursor);
        break;
      case CXCursor_IntegerLiteral:
      case CXCursor_FloatingLiteral:
        add_literal_sites(sink, cursor);
        return;
      case CXCursor_ReturnStmt:
        add_return_default_sites(sink, cursor, returns_arithmetic);
        break;
      default:
        break;
    }
    visit_children(cursor);
  }
};

bool is_function(CXCursorKind kind) {
  return kind == CXCursor_FunctionDecl || kind == CXCursor_CXXMethod ||
         kind == CXCursor_Constructor || kind == CXCursor_Destructor ||
         kind == CXCursor_ConversionFunction || kind == CXCursor_FunctionTemplate;
}

// Returns e.g. "tinyllm::train::DynamicLossScaler::step(optim::Optimizer &, ...)": the
// parameter types tell overloads apart.
std::string qualified_name(CXCursor function) {
  std::string name = clang::take(clang_getCursorDisplayName(function));
  for (CXCursor scope = clang_getCursorSemanticParent(function);
       !clang_Cursor_isNull(scope) && clang_getCursorKind(scope) != CXCursor_TranslationUnit;
       scope = clang_getCursorSemanticParent(scope)) {
    std::string scope_name = clang::take(clang_getCursorSpelling(scope));
    if (scope_name.empty()) scope_name = "(anonymous namespace)";
    name = scope_name + "::" + name;
  }
  return name;
}

bool returns_arithmetic(CXCursor function) {
  const CXType result = clang_getCursorResultType(function);
  return result.kind != CXType_Auto && clang::is_arithmetic(result);
}

void visit_declarations(CXCursor scope, CXTranslationUnit unit, std::vector<Site>& sites) {
  for (const CXCursor child : clang::children(scope)) {
    const CXCursorKind kind = clang_getCursorKind(child);
    if (!clang::written_in_main_file(child)) continue;
    if (kind == CXCursor_Namespace || kind == CXCursor_LinkageSpec || kind == CXCursor_ClassDecl ||
        kind == CXCursor_StructDecl || kind == CXCursor_ClassTemplate) {
      visit_declarations(child, unit, sites);
    } else if (is_function(kind) && clang_isCursorDefinition(child)) {
      // Only the body: not default arguments nor a constructor's member initializers.
      for (const CXCursor part : clang::children(child)) {
        if (clang_getCursorKind(part) != CXCursor_CompoundStmt) continue;
        Walker walker{SiteSink{unit, qualified_name(child), &sites}, returns_arithmetic(child)};
        walker.visit(part);
      }
    }
  }
}

}  // namespace

std::vector<Site> collect_sites(CXTranslationUnit unit) {
  std::vector<Site> sites;
  visit_declarations(clang_getTranslationUnitCursor(unit), unit, sites);
  return sites;
}

}  // namespace tinyllm::generator
