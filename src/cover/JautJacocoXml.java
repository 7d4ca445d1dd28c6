// Converts a JaCoCo execution data file (.exec) to JaCoCo's XML report,
// analysing the given class directories or jars. Compiled and run by jaut
// (src/cover/jacoco.rs) against Debian's libjacoco-java, which ships no
// command-line tool.
//
// Usage: JautJacocoXml EXEC XML CLASSES...

import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;

import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IBundleCoverage;
import org.jacoco.core.tools.ExecFileLoader;
import org.jacoco.report.DirectorySourceFileLocator;
import org.jacoco.report.IReportVisitor;
import org.jacoco.report.xml.XMLFormatter;

public final class JautJacocoXml {
    private JautJacocoXml() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: JautJacocoXml EXEC XML CLASSES...");
            System.exit(2);
        }
        ExecFileLoader loader = new ExecFileLoader();
        loader.load(new File(args[0]));
        CoverageBuilder builder = new CoverageBuilder();
        Analyzer analyzer = new Analyzer(loader.getExecutionDataStore(), builder);
        for (int i = 2; i < args.length; i++) {
            analyzer.analyzeAll(new File(args[i]));
        }
        IBundleCoverage bundle = builder.getBundle("jaut");
        try (OutputStream out = new FileOutputStream(args[1])) {
            IReportVisitor visitor = new XMLFormatter().createVisitor(out);
            visitor.visitInfo(
                    loader.getSessionInfoStore().getInfos(),
                    loader.getExecutionDataStore().getContents());
            // The XML report never reads sources; the locator is required.
            visitor.visitBundle(bundle, new DirectorySourceFileLocator(new File("."), "UTF-8", 4));
            visitor.visitEnd();
        }
    }
}
