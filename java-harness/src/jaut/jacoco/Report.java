package jaut.jacoco;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IBundleCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ILine;
import org.jacoco.core.analysis.IPackageCoverage;
import org.jacoco.core.analysis.ISourceFileCoverage;
import org.jacoco.core.tools.ExecFileLoader;
import org.jacoco.report.DirectorySourceFileLocator;
import org.jacoco.report.IReportVisitor;
import org.jacoco.report.xml.XMLFormatter;

/**
 * Turns a JaCoCo execution-data file into a line report: what the JaCoCo
 * command-line tool's "report" does, which Debian does not package.
 *
 * <pre>
 * java -cp org.jacoco.core.jar:org.jacoco.report.jar:asm.jar:asm-commons.jar:asm-tree.jar:CLASSES_OF_THIS \
 *     jaut.jacoco.Report EXEC CLASSES [--xml OUT.xml] [--lines OUT.txt]
 * </pre>
 *
 * CLASSES is the directory (or jar) of the original, uninstrumented classes.
 * --lines writes one line per source line holding code, sorted:
 * {@code pkg/File.java LINE MISSED_INSNS COVERED_INSNS MISSED_BRANCHES COVERED_BRANCHES}
 * (the package part is empty for the unnamed package). Without --lines the
 * line form goes to standard output.
 */
public final class Report {
    private Report() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: jaut.jacoco.Report EXEC CLASSES [--xml OUT.xml] [--lines OUT.txt]");
            System.exit(2);
        }
        File exec = new File(args[0]);
        File classes = new File(args[1]);
        String xml = null;
        String lines = null;
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--xml") && i + 1 < args.length) {
                xml = args[++i];
            } else if (args[i].equals("--lines") && i + 1 < args.length) {
                lines = args[++i];
            } else {
                System.err.println("jaut.jacoco.Report: unknown argument " + args[i]);
                System.exit(2);
            }
        }

        ExecFileLoader loader = new ExecFileLoader();
        loader.load(exec);
        CoverageBuilder builder = new CoverageBuilder();
        Analyzer analyzer = new Analyzer(loader.getExecutionDataStore(), builder);
        analyzer.analyzeAll(classes);
        IBundleCoverage bundle = builder.getBundle("jaut");

        if (xml != null) {
            try (OutputStream out = new FileOutputStream(xml)) {
                IReportVisitor visitor = new XMLFormatter().createVisitor(out);
                visitor.visitInfo(loader.getSessionInfoStore().getInfos(),
                        loader.getExecutionDataStore().getContents());
                visitor.visitBundle(bundle, new DirectorySourceFileLocator(classes, "UTF-8", 4));
                visitor.visitEnd();
            }
        }
        {
            PrintWriter out = lines == null
                    ? new PrintWriter(System.out, false, StandardCharsets.UTF_8)
                    : new PrintWriter(lines, StandardCharsets.UTF_8);
            writeLines(bundle, out);
            out.flush();
            if (lines != null) {
                out.close();
            }
        }
    }

    private static void writeLines(IBundleCoverage bundle, PrintWriter out) {
        // Sorted so that the same execution data gives the same bytes.
        List<ISourceFileCoverage> files = new ArrayList<>();
        for (IPackageCoverage p : bundle.getPackages()) {
            files.addAll(p.getSourceFiles());
        }
        files.sort(Comparator.comparing(Report::path));
        for (ISourceFileCoverage file : files) {
            for (int nr = file.getFirstLine(); nr <= file.getLastLine() && nr > 0; nr++) {
                ILine line = file.getLine(nr);
                ICounter insns = line.getInstructionCounter();
                if (insns.getTotalCount() == 0) {
                    continue;
                }
                ICounter branches = line.getBranchCounter();
                out.println(path(file) + " " + nr + " " + insns.getMissedCount() + " "
                        + insns.getCoveredCount() + " " + branches.getMissedCount() + " "
                        + branches.getCoveredCount());
            }
        }
    }

    private static String path(ISourceFileCoverage file) {
        String pkg = file.getPackageName();
        return pkg.isEmpty() ? file.getName() : pkg + "/" + file.getName();
    }
}
