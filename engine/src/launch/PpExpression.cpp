#include "PpExpression.h"

#include <cctype>
#include <stdexcept>

namespace clw::engine::pp {

namespace {

// Recursive descent over C's precedence levels. Failures throw std::invalid_argument, caught in
// evaluateExpression and turned into its error string.
class ExpressionParser {
    // Each unary operator, parenthesis and ?: recurses: a bound keeps "((((...1))))" of a hundred
    // thousand levels from overflowing the stack (an input in tests/fuzz/regressions).
    static constexpr int kMaxDepth = 256;

public:
    explicit ExpressionParser(const Tokens& tokens)
        : m_tokens(tokens) {}

    long long parseAll() {
        const long long value = conditional();
        if (m_pos < m_tokens.size())
            fail("unexpected '" + m_tokens[m_pos].text + "'");
        return value;
    }

private:
    [[noreturn]] static void fail(const std::string& message) {
        throw std::invalid_argument(message);
    }

    bool accept(std::string_view punct) {
        if (m_pos < m_tokens.size() && m_tokens[m_pos].is(punct)) {
            ++m_pos;
            return true;
        }
        return false;
    }

    long long conditional() {
        const long long condition = binary(0);
        if (!accept("?"))
            return condition;
        if (++m_depth > kMaxDepth)
            fail("nested more than " + std::to_string(kMaxDepth) + " deep");
        m_unevaluated += condition ? 0 : 1;
        const long long yes = conditional();
        m_unevaluated -= condition ? 0 : 1;
        if (!accept(":"))
            fail("'?' without ':'");
        m_unevaluated += condition ? 1 : 0;
        const long long no = conditional();
        m_unevaluated -= condition ? 1 : 0;
        --m_depth;
        return condition ? yes : no;
    }

    // Binary operators by precedence level, loosest first.
    static int precedence(const Token& token) {
        static constexpr std::string_view kLevels[][4] = {
            {"||"},
            {"&&"},
            {"|"},
            {"^"},
            {"&"},
            {"==", "!="},
            {"<", ">", "<=", ">="},
            {"<<", ">>"},
            {"+", "-"},
            {"*", "/", "%"},
        };
        if (token.kind != TokenKind::Punct)
            return -1;
        for (int level = 0; level < int(std::size(kLevels)); ++level)
            for (std::string_view op : kLevels[level])
                if (!op.empty() && token.text == op)
                    return level;
        return -1;
    }

    long long binary(int minLevel) {
        long long left = unary();
        while (m_pos < m_tokens.size()) {
            const int level = precedence(m_tokens[m_pos]);
            if (level < minLevel)
                break;
            const std::string op = m_tokens[m_pos++].text;
            // `0 && 1 / 0` is fine: the right side of a decided && / || is not evaluated.
            const bool decided = (op == "&&" && !left) || (op == "||" && left);
            m_unevaluated += decided;
            const long long right = binary(level + 1);
            m_unevaluated -= decided;
            left = apply(op, left, right);
        }
        return left;
    }

    long long apply(const std::string& op, long long a, long long b) const {
        if (op == "||")
            return a || b;
        if (op == "&&")
            return a && b;
        if (op == "|")
            return a | b;
        if (op == "^")
            return a ^ b;
        if (op == "&")
            return a & b;
        if (op == "==")
            return a == b;
        if (op == "!=")
            return a != b;
        if (op == "<")
            return a < b;
        if (op == ">")
            return a > b;
        if (op == "<=")
            return a <= b;
        if (op == ">=")
            return a >= b;
        if (op == "<<")
            return (b < 0 || b > 63) ? 0 : (long long)((unsigned long long)a << b);
        if (op == ">>")
            return (b < 0 || b > 63) ? 0 : a >> b;
        if (op == "+")
            return (long long)((unsigned long long)a + (unsigned long long)b);
        if (op == "-")
            return (long long)((unsigned long long)a - (unsigned long long)b);
        if (op == "*")
            return (long long)((unsigned long long)a * (unsigned long long)b);
        if (b == 0 && m_unevaluated > 0)
            return 0;
        if (b == 0)
            fail("division by zero");
        if (b == -1) // the one quotient that overflows, LLONG_MIN / -1, traps on x86
            return op == "/" ? (long long)(0ull - (unsigned long long)a) : 0;
        return op == "/" ? a / b : a % b;
    }

    long long unary() {
        if (++m_depth > kMaxDepth)
            fail("nested more than " + std::to_string(kMaxDepth) + " deep");
        long long value = 0;
        if (accept("+"))
            value = unary();
        else if (accept("-"))
            value = (long long)(0ull - (unsigned long long)unary()); // wraps as the rest do
        else if (accept("~"))
            value = ~unary();
        else if (accept("!"))
            value = !unary();
        else
            value = primary();
        --m_depth;
        return value;
    }

    long long primary() {
        if (m_pos >= m_tokens.size())
            fail("expression ends early");
        const Token& token = m_tokens[m_pos++];
        if (token.is("(")) {
            const long long value = conditional();
            if (!accept(")"))
                fail("missing ')'");
            return value;
        }
        if (token.kind == TokenKind::Number)
            return number(token.text);
        if (token.kind == TokenKind::Char)
            return character(token.text);
        if (token.kind == TokenKind::Identifier)
            return 0; // an undefined name is 0 in #if
        fail("unexpected '" + token.text + "'");
    }

    static long long number(const std::string& text) {
        std::string digits = text;
        while (!digits.empty() && (digits.back() == 'u' || digits.back() == 'U' ||
                                   digits.back() == 'l' || digits.back() == 'L'))
            digits.pop_back();
        int base = 10;
        size_t start = 0;
        if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
            base = 16, start = 2;
        else if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B'))
            base = 2, start = 2;
        else if (digits.size() > 1 && digits[0] == '0')
            base = 8, start = 1;
        if (start >= digits.size() && base != 8)
            fail("bad number '" + text + "'");
        unsigned long long value = 0;
        for (size_t i = start; i < digits.size(); ++i) {
            const char c = char(std::tolower(static_cast<unsigned char>(digits[i])));
            const int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                              : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
                                                                          : 99;
            if (digit >= base)
                fail("'" + text + "' is not an integer");
            value = value * unsigned(base) + unsigned(digit);
        }
        return (long long)value;
    }

    static long long character(const std::string& text) {
        if (text.size() < 3)
            fail("bad character literal " + text);
        if (text[1] != '\\')
            return static_cast<unsigned char>(text[1]);
        switch (text[2]) {
        case 'n':
            return '\n';
        case 't':
            return '\t';
        case 'r':
            return '\r';
        case '0':
            return 0;
        case 'x':
            return std::stoll(text.substr(3, text.size() - 4), nullptr, 16);
        default:
            return static_cast<unsigned char>(text[2]);
        }
    }

    const Tokens& m_tokens;
    size_t m_pos = 0;
    int m_unevaluated = 0; // > 0 inside an operand whose value does not matter
    int m_depth = 0;
};

} // namespace

bool evaluateExpression(const Tokens& tokens, long long& value, std::string& error) {
    if (tokens.empty()) {
        error = "empty expression";
        return false;
    }
    try {
        value = ExpressionParser(tokens).parseAll();
        return true;
    } catch (const std::exception& e) { // invalid_argument from the parser, or from stoll
        error = e.what();
        return false;
    }
}

} // namespace clw::engine::pp
