#include "models/BuildOptions.h"

namespace clw::ui {

namespace {

QString quotedIfNeeded(const QString& argument) {
    return argument.contains(QLatin1Char(' ')) ? QLatin1Char('"') + argument + QLatin1Char('"')
                                               : argument;
}

// The definition's name: "N" of "N=16".
QString defineName(const QString& definition) {
    return definition.section(QLatin1Char('='), 0, 0);
}

} // namespace

QStringList BuildOptions::split(const QString& options) {
    QStringList arguments;
    QString current;
    bool inQuotes = false;
    bool any = false;
    for (const QChar c : options) {
        if (c == QLatin1Char('"')) {
            inQuotes = !inQuotes;
            any = true;
        } else if (c.isSpace() && !inQuotes) {
            if (any)
                arguments.append(current);
            current.clear();
            any = false;
        } else {
            current.append(c);
            any = true;
        }
    }
    if (any)
        arguments.append(current);
    return arguments;
}

QString BuildOptions::join(const QStringList& arguments) {
    QStringList quoted;
    for (const QString& argument : arguments)
        quoted.append(quotedIfNeeded(argument));
    return quoted.join(QLatin1Char(' '));
}

bool BuildOptions::hasFlag(const QString& options, const QString& flag) {
    return split(options).contains(flag);
}

QString BuildOptions::toggleFlag(const QString& options, const QString& flag) {
    QStringList arguments = split(options);
    if (arguments.removeAll(flag) == 0)
        arguments.append(flag);
    return join(arguments);
}

QString BuildOptions::standard(const QString& options) {
    const QString prefix = QStringLiteral("-cl-std=");
    const QStringList arguments = split(options);
    for (const QString& argument : arguments)
        if (argument.startsWith(prefix))
            return argument.mid(prefix.size());
    return {};
}

QString BuildOptions::setStandard(const QString& options, const QString& version) {
    const QString prefix = QStringLiteral("-cl-std=");
    QStringList arguments = split(options);
    arguments.removeIf([&](const QString& argument) { return argument.startsWith(prefix); });
    if (!version.isEmpty())
        arguments.append(prefix + version);
    return join(arguments);
}

QString BuildOptions::addDefine(const QString& options, const QString& definition) {
    const QString name = defineName(definition.trimmed());
    if (name.isEmpty())
        return options;
    const QStringList arguments = split(options);
    QStringList kept;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        // "-D NAME" (two arguments) or "-DNAME" (one).
        if (argument == QLatin1String("-D") && i + 1 < arguments.size()) {
            if (defineName(arguments[i + 1]) == name) {
                ++i;
                continue;
            }
        } else if (argument.startsWith(QLatin1String("-D")) &&
                   defineName(argument.mid(2)) == name) {
            continue;
        }
        kept.append(argument);
    }
    kept << QStringLiteral("-D") << definition.trimmed();
    return join(kept);
}

QString BuildOptions::addIncludeDir(const QString& options, const QString& dir) {
    if (dir.isEmpty() || includeDirs(options).contains(dir))
        return options;
    QStringList arguments = split(options);
    arguments << QStringLiteral("-I") << dir;
    return join(arguments);
}

QStringList BuildOptions::includeDirs(const QString& options) {
    QStringList dirs;
    const QStringList arguments = split(options);
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("-I") && i + 1 < arguments.size())
            dirs.append(arguments[++i]);
        else if (arguments[i].startsWith(QLatin1String("-I")) && arguments[i].size() > 2)
            dirs.append(arguments[i].mid(2));
    }
    return dirs;
}

} // namespace clw::ui
