#include "WatchPlacement.h"

namespace clw::engine::code {

namespace {

using Kind = Statement::Kind;

// Inside the block that `open` opens, before its first statement.
WatchPlacement atBlockStart(const SourceStructure& source, std::size_t open, int block) {
    WatchPlacement placement;
    placement.storeAt = source.tokens[open].end;
    placement.block = block;
    placement.scope = open + 1;
    return placement;
}

// Before `statement`, braced with it when it is a control statement's unbraced body.
WatchPlacement before(const SourceStructure& source, const Statement& statement) {
    WatchPlacement placement;
    placement.storeAt = source.tokens[statement.first].offset;
    placement.block = statement.block;
    placement.scope = statement.first;
    if (statement.unbracedBody) {
        placement.braced = true;
        placement.braceOpen = placement.storeAt;
        placement.braceClose = source.tokens[statement.last].end;
    }
    return placement;
}

// After `last` (a simple statement; `first` its first when braced).
WatchPlacement after(const SourceStructure& source, const Statement& first, const Statement& last) {
    WatchPlacement placement;
    placement.storeAt = source.tokens[last.last].end;
    placement.block = last.block;
    placement.scope = last.last + 1;
    if (first.unbracedBody) {
        placement.braced = true;
        placement.braceOpen = source.tokens[first.first].offset;
        placement.braceClose = placement.storeAt;
    }
    return placement;
}

// At the start of each run of a loop's body.
WatchPlacement inBody(const SourceStructure& source, const Function& function,
                      const Statement& loop) {
    if (loop.body < 0)
        return before(source, loop);
    const Statement& body = function.statements[std::size_t(loop.body)];
    if (body.kind == Kind::Compound)
        return atBlockStart(source, body.bodyOpen, body.bodyBlock);
    WatchPlacement placement;
    placement.storeAt = source.tokens[body.first].offset;
    placement.block = body.block;
    placement.scope = body.first;
    placement.braced = true;
    placement.braceOpen = placement.storeAt;
    placement.braceClose = source.tokens[body.last].end;
    return placement;
}

} // namespace

WatchPlacement placeWatch(const SourceStructure& source, const Function& function, unsigned line) {
    const auto lineOf = [&](std::size_t token) { return source.tokens[token].line; };
    // The lines of the signature, and the line of the body's '{' when no statement starts there.
    const Statement* starting = nullptr;
    const Statement* containing = nullptr;
    for (const Statement& statement : function.statements) {
        if (statement.kind == Kind::Empty)
            continue;
        if (lineOf(statement.first) == line && !starting)
            starting = &statement;
        if ((statement.kind == Kind::Simple || statement.kind == Kind::Jump) &&
            lineOf(statement.first) < line && line <= lineOf(statement.last))
            containing = &statement; // the innermost: later ones nest in earlier ones
    }
    if (!starting && line <= lineOf(function.bodyOpen))
        return atBlockStart(source, function.bodyOpen, 0);
    if (!starting)
        starting = containing;
    if (!starting) {
        WatchPlacement none;
        none.problem = "line " + std::to_string(line) + " holds no statement of `" + function.name +
                       "` (a comment, a blank line or a closing brace): watch a line with code";
        return none;
    }
    switch (starting->kind) {
    case Kind::Compound:
        return atBlockStart(source, starting->bodyOpen, starting->bodyBlock);
    case Kind::Loop:
        return inBody(source, function, *starting);
    case Kind::If:
    case Kind::Switch:
    case Kind::Jump:
        return before(source, *starting);
    default:
        break;
    }
    // Simple: after the last simple statement of the same block that begins on the line.
    const Statement* last = starting;
    if (!starting->unbracedBody)
        for (const Statement& statement : function.statements)
            if (statement.first > last->last && statement.block == starting->block &&
                !statement.unbracedBody && statement.kind == Kind::Simple &&
                lineOf(statement.first) == line)
                last = &statement;
    return after(source, *starting, *last);
}

} // namespace clw::engine::code
